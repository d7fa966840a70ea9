#include <algorithm>
#include <cstring>

#include "transport.hpp"

namespace aquifer {

namespace {

constexpr int kRing = 3;
constexpr int kBlock = 256;

__device__ inline std::size_t at(int i, int j, int k, int nx, int ny) {
  return (static_cast<std::size_t>(k) * ny + j) * nx + i;
}

// First-order upwind on a uniform grid; velocity is derived from the permeability field
// and a fixed regional gradient (the flow solve lives in another module).
__global__ void upwind_kernel(const double* c, double* out, const double* perm, const double* src,
                              int nx, int ny, int nz, int ns, double dt, double dx, double grad,
                              double* courant) {
  std::size_t n = static_cast<std::size_t>(nx) * ny * nz;
  std::size_t tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n * ns) return;
  int s = static_cast<int>(tid / n);
  std::size_t cell = tid % n;
  int i = static_cast<int>(cell % nx);
  int j = static_cast<int>((cell / nx) % ny);
  int k = static_cast<int>(cell / (static_cast<std::size_t>(nx) * ny));
  double v = perm[cell] * grad;
  double cr = fabs(v) * dt / dx;
  std::size_t up = (i > 0) ? at(i - 1, j, k, nx, ny) : cell;
  const double* cs = c + s * n;
  out[s * n + cell] = cs[cell] - cr * (cs[cell] - cs[up]) + dt * src[cell];
  if (s == 0) atomicMax(reinterpret_cast<unsigned long long*>(courant), __double_as_longlong(cr));
}

// Neighbour exchange stand-in for the single-rank build: a reflecting boundary.
void reflect_halo(double* h, std::size_t n) {
  for (std::size_t a = 0, b = n ? n - 1 : 0; a < b; ++a, --b) std::swap(h[a], h[b]);
}

}  // namespace

TransportSolver::TransportSolver(const Grid& g, int n_species, int n_subdomains)
    : grid_(g), n_species_(n_species), n_sub_(std::max(1, n_subdomains)) {
  n_cells_ = static_cast<std::size_t>(g.nx) * g.ny * g.nz;
  const std::size_t total = n_cells_ * n_species_;
  check_cuda(cudaMalloc(&d_conc_, total * sizeof(double)), "cudaMalloc conc");
  check_cuda(cudaMalloc(&d_next_, total * sizeof(double)), "cudaMalloc next");
  check_cuda(cudaMalloc(&d_perm_, n_cells_ * sizeof(double)), "cudaMalloc perm");
  check_cuda(cudaMalloc(&d_src_, n_cells_ * sizeof(double)), "cudaMalloc src");
  check_cuda(cudaMalloc(&d_courant_, sizeof(double)), "cudaMalloc courant");
  check_cuda(cudaMemset(d_conc_, 0, total * sizeof(double)), "memset conc");
  check_cuda(cudaMemset(d_src_, 0, n_cells_ * sizeof(double)), "memset src");
  check_cuda(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "stream");

  for (int s = 0; s < n_sub_; ++s) {
    face_len_.push_back(static_cast<std::size_t>(g.ny) * g.nz * n_species_);
  }
  // Download ring: the Python side reads step k while step k+1 is computed.
  ring_.reserve(kRing);
  for (int step = 0; step < kRing; ++step) {
    ring_.push_back(PinnedBuffer<double>(total));
  }
}

TransportSolver::~TransportSolver() {
  cudaStreamSynchronize(stream_);
  cudaFree(d_conc_);
  cudaFree(d_next_);
  cudaFree(d_perm_);
  cudaFree(d_src_);
  cudaFree(d_courant_);
  cudaStreamDestroy(stream_);
}

double TransportSolver::advect(double dt) {
  const std::size_t total = n_cells_ * n_species_;
  const int blocks = static_cast<int>((total + kBlock - 1) / kBlock);
  cudaMemsetAsync(d_courant_, 0, sizeof(double), stream_);
  upwind_kernel<<<blocks, kBlock, 0, stream_>>>(d_conc_, d_next_, d_perm_, d_src_, grid_.nx, grid_.ny,
                                                grid_.nz, n_species_, dt, grid_.dx, 1e-3, d_courant_);
  std::swap(d_conc_, d_next_);
  double courant = 0.0;
  cudaMemcpyAsync(&courant, d_courant_, sizeof(double), cudaMemcpyDeviceToHost, stream_);
  cudaStreamSynchronize(stream_);
  return courant;
}

void TransportSolver::exchange_faces() {
  // Subdomain halos travel through the host so the MPI layer can forward them.
  std::size_t off = 0;
  for (int s = 0; s < n_sub_; ++s) {
    PinnedBuffer<double> halo(face_len_[s]);
    const std::size_t bytes = face_len_[s] * sizeof(double);
    cudaMemcpyAsync(halo.data(), d_conc_ + off, bytes, cudaMemcpyDeviceToHost, stream_);
    cudaStreamSynchronize(stream_);
    reflect_halo(halo.data(), halo.size());
    cudaMemcpyAsync(d_conc_ + off, halo.data(), bytes, cudaMemcpyHostToDevice, stream_);
    cudaStreamSynchronize(stream_);
    off += face_len_[s];
  }
}

void TransportSolver::react(double dt) {
  if (!reaction_) return;
  reaction_->rates(d_conc_, n_cells_, n_species_, dt, stream_);
}

double TransportSolver::step(double dt) {
  const double courant = advect(dt);
  if (n_sub_ > 1) exchange_faces();
  react(dt);
  if (audit_) audit_(d_conc_, n_cells_ * n_species_, step_);
  ++step_;
  return courant;
}

void TransportSolver::download(double* host, std::size_t n) const {
  const std::size_t total = n_cells_ * n_species_;
  if (n < total) throw std::length_error("download: host array too small");
  auto& slot = ring_[step_ % kRing];
  check_cuda(cudaMemcpyAsync(slot.data(), d_conc_, total * sizeof(double), cudaMemcpyDeviceToHost, stream_),
             "download");
  check_cuda(cudaStreamSynchronize(stream_), "download sync");
  std::memcpy(host, slot.data(), total * sizeof(double));
}

}  // namespace aquifer
