#include "beam_state.hpp"

#include <thrust/device_ptr.h>
#include <thrust/reduce.h>

#include "check.hpp"

namespace bt {
namespace {

constexpr int kBlock = 256;

__global__ void drift_kernel(double* c, const int* alive, std::size_t n, double l) {
  std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || (alive && !alive[i])) return;
  double* p = c + 6 * i;
  const double inv = 1.0 / (1.0 + p[5]);
  p[0] += l * p[1] * inv;
  p[2] += l * p[3] * inv;
  p[4] += l * (p[1] * p[1] + p[3] * p[3]) * 0.5 * inv * inv;
}

__global__ void multipole_kernel(double* c, const int* alive, std::size_t n, int order, double kl) {
  std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || (alive && !alive[i])) return;
  double* p = c + 6 * i;
  if (order == 1) {
    p[1] -= kl * p[0];
    p[3] += kl * p[2];
  } else {
    p[1] -= 0.5 * kl * (p[0] * p[0] - p[2] * p[2]);
    p[3] += kl * p[0] * p[2];
  }
}

__global__ void aperture_kernel(const double* c, int* alive, int* lost, int* n_lost, std::size_t n, double r2) {
  std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || (alive && !alive[i])) return;
  const double* p = c + 6 * i;
  if (p[0] * p[0] + p[2] * p[2] > r2) {
    alive[i] = 0;
    lost[atomicAdd(n_lost, 1)] = static_cast<int>(i);
  }
}

unsigned grid(std::size_t n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }

}  // namespace

BeamState::BeamState(std::size_t n) : n_(n), h_amax_(4), h_count_(1) {
  BT_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
  BT_CHECK(cudaMalloc(&d_coords_, 6 * n * sizeof(double)));
  BT_CHECK(cudaMalloc(&d_alive_, n * sizeof(int)));
  BT_CHECK(cudaMalloc(&d_lost_ids_, n * sizeof(int)));
  BT_CHECK(cudaMalloc(&d_n_lost_, sizeof(int)));
  BT_CHECK(cudaMalloc(&d_hist_, 4096 * sizeof(double)));
  thrust::fill_n(thrust::device_pointer_cast(d_alive_), n, 1);
  BT_CHECK(cudaMemset(d_n_lost_, 0, sizeof(int)));
}

BeamState::~BeamState() {
  cudaFree(d_hist_);
  cudaFree(d_n_lost_);
  cudaFree(d_lost_ids_);
  cudaFree(d_alive_);
  cudaFree(d_coords_);
  cudaStreamDestroy(stream_);
}

void BeamState::upload(const double* pageable, std::size_t n) {
  // Python hands us an ordinary numpy array: register it for the duration of the copy so the
  // transfer can run on our stream, then drop the registration.
  const std::size_t bytes = 6 * n * sizeof(double);
  void* p = const_cast<double*>(pageable);
  BT_CHECK(cudaHostRegister(p, bytes, cudaHostRegisterDefault));
  BT_CHECK(cudaMemcpyAsync(d_coords_, pageable, bytes, cudaMemcpyHostToDevice, stream_));
  BT_CHECK(cudaStreamSynchronize(stream_));
  BT_CHECK(cudaHostUnregister(p));
  thrust::fill_n(thrust::device_pointer_cast(d_alive_), n_, 1);
  BT_CHECK(cudaMemset(d_n_lost_, 0, sizeof(int)));
}

void BeamState::upload_pinned(const double* pinned) {
  BT_CHECK(cudaMemcpyAsync(d_coords_, pinned, 6 * n_ * sizeof(double), cudaMemcpyHostToDevice, stream_));
  BT_CHECK(cudaStreamSynchronize(stream_));
}

void BeamState::download(double* host) const {
  BT_CHECK(cudaMemcpyAsync(host, d_coords_, 6 * n_ * sizeof(double), cudaMemcpyDeviceToHost, stream_));
  BT_CHECK(cudaStreamSynchronize(stream_));
}

PinnedVec<double> BeamState::snapshot() const {
  PinnedVec<double> out(6 * n_);
  BT_CHECK(cudaMemcpyAsync(thrust::raw_pointer_cast(out.data()), d_coords_, 6 * n_ * sizeof(double),
                           cudaMemcpyDeviceToHost, stream_));
  BT_CHECK(cudaStreamSynchronize(stream_));
  return out;
}

int BeamState::n_lost() const {
  int* h = const_cast<int*>(thrust::raw_pointer_cast(h_count_.data()));
  BT_CHECK(cudaMemcpyAsync(h, d_n_lost_, sizeof(int), cudaMemcpyDeviceToHost, stream_));
  BT_CHECK(cudaStreamSynchronize(stream_));
  return *h;
}

void BeamState::lost_ids(int* out) const {
  const int n = n_lost();
  BT_CHECK(cudaMemcpyAsync(out, d_lost_ids_, n * sizeof(int), cudaMemcpyDeviceToHost, stream_));
  BT_CHECK(cudaStreamSynchronize(stream_));
}

void BeamState::apply_aperture(double r2) {
  if (r2 <= 0.0) return;
  aperture_kernel<<<grid(n_), kBlock, 0, stream_>>>(d_coords_, d_alive_, d_lost_ids_, d_n_lost_, n_, r2);
}

void BeamState::max_amplitude(double* out4) {
  auto c = thrust::device_pointer_cast(d_coords_);
  for (int k = 0; k < 4; ++k) {
    h_amax_[k] = thrust::reduce(c + k, c + 6 * n_, 0.0, thrust::maximum<double>());
    out4[k] = std::max(out4[k], static_cast<double>(h_amax_[k]));
  }
}

double* BeamState::line_density(int n_bins) {
  BT_CHECK(cudaMemsetAsync(d_hist_, 0, n_bins * sizeof(double), stream_));
  // histogram kernel elided: bins z over [-3 sigma, 3 sigma]
  return d_hist_;
}

void drift(BeamState& s, double length) {
  drift_kernel<<<grid(s.size()), kBlock, 0, s.stream()>>>(s.coords(), nullptr, s.size(), length);
}

void thin_multipole(BeamState& s, int order, double kl) {
  multipole_kernel<<<grid(s.size()), kBlock, 0, s.stream()>>>(s.coords(), nullptr, s.size(), order, kl);
}

void rf_kick(BeamState& s, double volt_mv, double phase, int harmonic) {
  // longitudinal kick elided (sin(phase - h * z / R))
  (void)s; (void)volt_mv; (void)phase; (void)harmonic;
}

void sc_kick(BeamState& s, const double* d_table, int n_bins, double strength) {
  // interpolates the line-density derivative table at every particle's z (elided)
  (void)s; (void)d_table; (void)n_bins; (void)strength;
}

}  // namespace bt
