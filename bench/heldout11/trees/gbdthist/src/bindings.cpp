#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <memory>

#include "gbdt/common.h"
#include "histogram.cuh"

namespace py = pybind11;
using namespace gbdt;

class Booster {
 public:
  Booster(py::array_t<float, py::array::c_style> x, py::array_t<float> y, int max_depth, int max_bins, float eta)
      : rows_(x.shape(0)), cols_(int(x.shape(1))), depth_(max_depth), eta_(eta), gpair_(rows_) {
    const float* xp = x.data();
    cuts_ = build_cuts(xp, rows_, cols_, max_bins);
    bins_.resize(size_t(rows_) * cols_);
    for (int64_t r = 0; r < rows_; ++r)
      for (int c = 0; c < cols_; ++c) {
        auto lo = cuts_.values.begin() + cuts_.ptr[c], hi = cuts_.values.begin() + cuts_.ptr[c + 1];
        bins_[r * cols_ + c] = uint16_t(cuts_.ptr[c] + (std::upper_bound(lo, hi, xp[r * cols_ + c]) - lo));
      }
    labels_.assign(y.data(), y.data() + rows_);
    margin_.assign(rows_, 0.f);
    hist_ = std::make_unique<HistBuilder>(int(cuts_.values.size()) + cols_, size_t(64) << 20);
    cudaMalloc(&d_bins_, bins_.size() * sizeof(uint16_t));
    cudaMemcpy(d_bins_, bins_.data(), bins_.size() * sizeof(uint16_t), cudaMemcpyHostToDevice);
    cudaMalloc(&d_gpair_, rows_ * sizeof(GradPair));
    cudaMalloc(&d_rows_, rows_ * sizeof(int));
  }

  void update(int iteration) {
    for (int64_t r = 0; r < rows_; ++r) {
      float p = 1.f / (1.f + std::exp(-margin_[r]));
      gpair_[r] = GradPair{p - labels_[r], p * (1.f - p)};
    }
    cudaMemcpy(d_gpair_, thrust::raw_pointer_cast(gpair_.data()), rows_ * sizeof(GradPair), cudaMemcpyHostToDevice);
    std::vector<int> rows(rows_);
    for (int64_t r = 0; r < rows_; ++r) rows[r] = int(r);
    cudaMemcpy(d_rows_, rows.data(), rows_ * sizeof(int), cudaMemcpyHostToDevice);
    roots_.push_back(int(nodes_.size()));
    grow(0, int(rows_), 0);
    (void)iteration;
  }

  py::array_t<float> predict(py::array_t<float, py::array::c_style> x) {
    py::array_t<float> out(x.shape(0));
    if (gbdt_predict(nodes_, roots_, x.mutable_data(), x.shape(0), int(x.shape(1)), out.mutable_data()) != 0)
      throw std::runtime_error("prediction failed");
    return out;
  }

  void save(const std::string& path) { save_model(path.c_str(), nodes_, roots_); }
  void load(const std::string& path) { nodes_ = load_model(path.c_str(), &roots_); }
  int num_trees() const { return int(roots_.size()); }

 private:
  int grow(int begin, int end, int depth) {
    int id = int(nodes_.size());
    nodes_.emplace_back();
    const GradPair* h = hist_->build(d_bins_, d_gpair_, d_rows_, begin, end, cols_);
    float G = 0.f, H = 0.f;
    for (int b = 0; b < cuts_.ptr[1]; ++b) {
      G += h[b].g;
      H += h[b].h;
    }
    if (depth >= depth_ || end - begin < 2) {
      nodes_[id].leaf = -eta_ * G / (H + 1.f);
      return id;
    }
    float* gains = split_scratch(cuts_.values.size());
    int best = 0;
    for (size_t k = 0; k < cuts_.values.size(); ++k) {
      gains[k] = std::fabs(h[k].g) / (h[k].h + 1.f);
      if (gains[k] > gains[best]) best = int(k);
    }
    int feat = int(std::upper_bound(cuts_.ptr.begin(), cuts_.ptr.end(), best) - cuts_.ptr.begin()) - 1;
    nodes_[id].feature = feat;
    nodes_[id].threshold = cuts_.values[best];
    int mid = (begin + end) / 2;
    int l = grow(begin, mid, depth + 1);
    int r = grow(mid, end, depth + 1);
    nodes_[id].left = l;
    nodes_[id].right = r;
    return id;
  }

  int64_t rows_;
  int cols_, depth_;
  float eta_;
  pinned_vec<GradPair> gpair_;
  Cuts cuts_;
  std::vector<uint16_t> bins_;
  std::vector<float> labels_, margin_;
  std::vector<Node> nodes_;
  std::vector<int> roots_;
  std::unique_ptr<HistBuilder> hist_;
  uint16_t* d_bins_ = nullptr;
  GradPair* d_gpair_ = nullptr;
  int* d_rows_ = nullptr;
};

PYBIND11_MODULE(_core, m) {
  py::class_<Booster>(m, "Booster")
      .def(py::init<py::array_t<float, py::array::c_style>, py::array_t<float>, int, int, float>(), py::arg("x"),
           py::arg("y"), py::arg("max_depth") = 6, py::arg("max_bins") = 256, py::arg("eta") = 0.3f)
      .def("update", &Booster::update)
      .def("predict", &Booster::predict)
      .def("save", &Booster::save)
      .def("load", &Booster::load)
      .def("num_trees", &Booster::num_trees);
}
