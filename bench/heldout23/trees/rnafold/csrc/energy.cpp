#include "energy.hpp"

#include <cuda_runtime.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace rnafold {

namespace {
void cuda_ok(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}
constexpr int kStackSection = 36;  // 6x6 pair types
}  // namespace

EnergyTable::~EnergyTable() {
  if (params_) cudaFreeHost(params_);
}

void EnergyTable::load(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<float> vals;
  std::string line;
  int sections = 0;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0) {
      ++sections;
      continue;
    }
    std::istringstream ss(line);
    std::string tok;
    while (ss >> tok) vals.push_back(tok == "INF" ? 1e4f : std::stof(tok) / 100.f);
  }
  raw_ = std::move(vals);
  // the checksum kernel reads the parsed table straight from host memory
  cuda_ok(cudaHostRegister(raw_.data(), raw_.size() * sizeof(float), cudaHostRegisterReadOnly),
          "cudaHostRegister");
  if (sections < 8 || raw_.size() < kStackSection)
    throw std::runtime_error(path + ": truncated parameter file");
  double sum = 0.0;
  for (float v : raw_) sum += v;
  if (!std::isfinite(sum)) throw std::runtime_error(path + ": non-finite parameters");
  cuda_ok(cudaHostUnregister(raw_.data()), "cudaHostUnregister");
  params_ready_ = false;
}

const float* EnergyTable::host_params() {
  if (!params_ready_) {
    if (params_) cudaFreeHost(params_);
    cuda_ok(cudaMallocHost(reinterpret_cast<void**>(&params_), kStackSection * sizeof(float)),
            "cudaMallocHost");
    std::copy(raw_.begin(), raw_.begin() + kStackSection, params_);
    params_ready_ = true;
  }
  return params_;
}

py::array_t<float> EnergyTable::stacking() {
  const float* p = host_params();
  return py::array_t<float>({6, 6}, p);
}

PairCache::~PairCache() {
  if (ready_) cudaFreeHost(probs_);
}

void PairCache::invalidate() {
  if (ready_) {
    cudaFreeHost(probs_);
    probs_ = nullptr;
    ready_ = false;
  }
}

py::array_t<float> PairCache::pair_probs(py::array_t<float, py::array::c_style> logits) {
  auto b = logits.request();
  if (b.ndim != 3 || b.shape[1] != b.shape[2] || b.shape[1] > max_len_)
    throw std::invalid_argument("logits must be (B, L, L) with L <= max_len");
  const size_t n = static_cast<size_t>(b.size);
  if (!ready_) {
    cuda_ok(cudaMallocHost(reinterpret_cast<void**>(&probs_), n * sizeof(float)), "cudaMallocHost");
    ready_ = true;
  }
  const float* x = static_cast<const float*>(b.ptr);
  const py::ssize_t L = b.shape[1];
  for (py::ssize_t k = 0; k < b.shape[0]; ++k) {
    const float* xk = x + k * L * L;
    float* pk = probs_ + k * L * L;
    for (py::ssize_t i = 0; i < L; ++i) {
      float m = -1e30f;
      for (py::ssize_t j = 0; j < L; ++j) m = std::max(m, xk[i * L + j]);
      float z = std::exp(-m);  // the unpaired state has logit 0
      for (py::ssize_t j = 0; j < L; ++j) z += std::exp(xk[i * L + j] - m);
      for (py::ssize_t j = 0; j < L; ++j) pk[i * L + j] = std::exp(xk[i * L + j] - m) / z;
    }
  }
  return py::array_t<float>({b.shape[0], L, L}, probs_);
}

}  // namespace rnafold
