#include <algorithm>
#include <cmath>
#include <cuda_runtime.h>

#include "template_match.hpp"

namespace ss {

namespace {

__global__ void xcorr_kernel(const float* __restrict__ x, const float* __restrict__ tpl,
                             float* __restrict__ out, int n, int nc, int nt, int ntpl) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int t = blockIdx.y;
  if (i >= n || t >= ntpl) return;
  const int half = nt / 2;
  float acc = 0.f;
  for (int c = 0; c < nc; ++c) {
    const float* row = x + static_cast<size_t>(c) * n;
    const float* w = tpl + (static_cast<size_t>(t) * nc + c) * nt;
    for (int k = 0; k < nt; ++k) {
      const int j = i + k - half;
      if (j >= 0 && j < n) acc += row[j] * w[k];
    }
  }
  out[static_cast<size_t>(t) * n + i] = acc;
}

}  // namespace

TemplateMatcher::TemplateMatcher(int n_channels, int template_samples, float threshold)
    : n_channels_(n_channels), nt_(template_samples), threshold_(threshold) {}

TemplateMatcher::~TemplateMatcher() {
  if (d_templates_) cudaFree(d_templates_);
}

void TemplateMatcher::set_templates(py::array_t<float, py::array::c_style> templates) {
  auto b = templates.request();
  if (b.ndim != 3 || b.shape[1] != n_channels_ || b.shape[2] != nt_)
    throw std::invalid_argument("templates must be (n_templates, n_channels, template_samples)");
  n_templates_ = static_cast<int>(b.shape[0]);
  const float* src = static_cast<const float*>(b.ptr);
  templates_.assign(src, src + b.size);
  if (d_templates_) cudaFree(d_templates_);
  SS_CUDA(cudaMalloc(&d_templates_, templates_.size() * sizeof(float)));
  SS_CUDA(cudaMemcpy(d_templates_, templates_.data(), templates_.size() * sizeof(float),
                     cudaMemcpyHostToDevice));
}

const float* TemplateMatcher::norms_for(int n_templates, int template_samples) {
  const auto key = std::make_pair(n_templates, template_samples);
  auto it = norms_by_shape_.find(key);
  if (it == norms_by_shape_.end()) {
    it = norms_by_shape_.emplace(key, HostBlock<float>(static_cast<size_t>(n_templates))).first;
  }
  // refresh the values: the bank may have been re-fitted with the same shape
  float* nrm = it->second.data();
  const size_t per = static_cast<size_t>(n_channels_) * nt_;
  for (int t = 0; t < n_templates; ++t) {
    double s = 0.0;
    for (size_t k = 0; k < per; ++k) s += double(templates_[t * per + k]) * templates_[t * per + k];
    nrm[t] = static_cast<float>(s);
  }
  return nrm;
}

py::tuple TemplateMatcher::match(py::array_t<float, py::array::c_style> whitened,
                                 int64_t batch_start) {
  auto b = whitened.request();
  const int n = static_cast<int>(b.shape[1]);
  const size_t out_n = static_cast<size_t>(n_templates_) * n;
  const float* norms = norms_for(n_templates_, nt_);

  PinnedVec<float> scores(out_n);
  float* d_x = nullptr;
  float* d_out = nullptr;
  SS_CUDA(cudaMalloc(&d_x, b.size * sizeof(float)));
  SS_CUDA(cudaMalloc(&d_out, out_n * sizeof(float)));
  SS_CUDA(cudaMemcpy(d_x, b.ptr, b.size * sizeof(float), cudaMemcpyHostToDevice));
  dim3 grid((n + 255) / 256, n_templates_);
  xcorr_kernel<<<grid, 256>>>(d_x, d_templates_, d_out, n, n_channels_, nt_, n_templates_);
  SS_CUDA(cudaMemcpy(thrust::raw_pointer_cast(scores.data()), d_out, out_n * sizeof(float),
                     cudaMemcpyDeviceToHost));
  cudaFree(d_x);
  cudaFree(d_out);

  std::vector<int64_t> times;
  std::vector<int32_t> units;
  std::vector<float> amps;
  for (int t = 0; t < n_templates_; ++t) {
    const float* s = thrust::raw_pointer_cast(scores.data()) + static_cast<size_t>(t) * n;
    const float inv = 1.f / std::sqrt(norms[t] + 1e-6f);
    for (int i = 1; i + 1 < n; ++i) {
      const float v = s[i] * inv;
      if (v > threshold_ && s[i] >= s[i - 1] && s[i] > s[i + 1]) {
        times.push_back(batch_start + i);
        units.push_back(t);
        amps.push_back(s[i] / (norms[t] + 1e-6f));
      }
    }
  }
  return py::make_tuple(py::array_t<int64_t>(times.size(), times.data()),
                        py::array_t<int32_t>(units.size(), units.data()),
                        py::array_t<float>(amps.size(), amps.data()));
}

float* TemplateMatcher::residual_for(int64_t batch_start, size_t n) {
  auto it = residual_by_batch_.find(batch_start);
  if (it == residual_by_batch_.end())
    it = residual_by_batch_.emplace(batch_start, HostBlock<float>(n)).first;
  return it->second.data();
}

void TemplateMatcher::subtract(int64_t batch_start,
                               py::array_t<float, py::array::c_style> whitened,
                               py::array_t<int64_t> times, py::array_t<int32_t> units,
                               py::array_t<float> amps) {
  auto b = whitened.request();
  const int n = static_cast<int>(b.shape[1]);
  float* x = static_cast<float*>(b.ptr);
  float* res = residual_for(batch_start, static_cast<size_t>(b.size));
  std::copy(x, x + b.size, res);

  auto tt = times.unchecked<1>();
  auto uu = units.unchecked<1>();
  auto aa = amps.unchecked<1>();
  const int half = nt_ / 2;
  const size_t per = static_cast<size_t>(n_channels_) * nt_;
  for (py::ssize_t s = 0; s < tt.shape(0); ++s) {
    const int i = static_cast<int>(tt(s) - batch_start);
    const float* w = templates_.data() + uu(s) * per;
    for (int c = 0; c < n_channels_; ++c)
      for (int k = 0; k < nt_; ++k) {
        const int j = i + k - half;
        if (j >= 0 && j < n) res[static_cast<size_t>(c) * n + j] -= aa(s) * w[c * nt_ + k];
      }
  }
  std::copy(res, res + b.size, x);
}

}  // namespace ss
