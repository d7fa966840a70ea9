#include <drape/solver.hpp>

#include <algorithm>

namespace drape {
namespace {

__global__ void predict(float* x, float* p, float* v, const float* w, const float* drag, int n, float h, float gx,
                        float gy, float gz) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || w[i] == 0.f) return;
  for (int k = 0; k < 3; ++k) {
    const float g = k == 0 ? gx : (k == 1 ? gy : gz);
    v[3 * i + k] += h * (g + drag[3 * i + k] * w[i]);
    p[3 * i + k] = x[3 * i + k] + h * v[3 * i + k];
  }
}

__global__ void vertex_normals(const float* x, const int* faces, int n_faces, float* nrm) {
  const int f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f >= n_faces) return;
  const int a = faces[3 * f], b = faces[3 * f + 1], c = faces[3 * f + 2];
  const float ux = x[3 * b] - x[3 * a], uy = x[3 * b + 1] - x[3 * a + 1], uz = x[3 * b + 2] - x[3 * a + 2];
  const float vx = x[3 * c] - x[3 * a], vy = x[3 * c + 1] - x[3 * a + 1], vz = x[3 * c + 2] - x[3 * a + 2];
  const float n[3] = {uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
  for (int k = 0; k < 3; ++k) {
    atomicAdd(&nrm[3 * a + k], n[k]);
    atomicAdd(&nrm[3 * b + k], n[k]);
    atomicAdd(&nrm[3 * c + k], n[k]);
  }
}

}  // namespace

Solver::Solver(const Mesh& garment, const Mesh& avatar, int substeps, int sdf_res)
    : substeps_(substeps), sdf_res_(sdf_res), sdf_({avatar}) {
  cuda_check(cudaStreamCreateWithFlags(&state_.stream, cudaStreamNonBlocking), "stream");
  set_topology(garment);
  // Download ring for the exporter: frame k goes to slot k % kDownloadRing.
  ring_.reserve(kDownloadRing);
  for (int frame = 0; frame < kDownloadRing; ++frame) {
    ring_.push_back(HostSpan<float>(3 * static_cast<std::size_t>(state_.n_verts)));
  }
  cuda_check(cudaMalloc(&contacts_d_, 4 * 65536 * sizeof(float)), "contacts");
}

Solver::~Solver() {
  cudaStreamSynchronize(state_.stream);
  if (normals_h_) cudaFreeHost(normals_h_);
  if (uv_h_) cudaFreeHost(uv_h_);
  cudaFree(state_.x);
  cudaFree(state_.p);
  cudaFree(state_.w);
  cudaFree(contacts_d_);
  cudaStreamDestroy(state_.stream);
}

void Solver::set_topology(const Mesh& garment) {
  garment_ = garment;
  state_.n_verts = garment.n_verts();
  const std::size_t n3 = 3 * static_cast<std::size_t>(state_.n_verts);
  cudaFree(state_.x);
  cudaFree(state_.p);
  cudaFree(state_.w);
  cuda_check(cudaMalloc(&state_.x, n3 * sizeof(float)), "x");
  cuda_check(cudaMalloc(&state_.p, n3 * sizeof(float)), "p");
  cuda_check(cudaMalloc(&state_.w, state_.n_verts * sizeof(float)), "w");
  cudaMemcpy(state_.x, garment.verts.data(), n3 * sizeof(float), cudaMemcpyHostToDevice);
  std::vector<float> w(state_.n_verts, 1.f);
  cudaMemcpy(state_.w, w.data(), w.size() * sizeof(float), cudaMemcpyHostToDevice);
  constraints_ = make_constraints(garment.faces, garment.verts, 1e-7f, 0.05f);
  uv_ready_ = false;
}

void Solver::begin_frame(const FrameInput& in) {
  frame_ = in;
  normals_ready_ = false;  // positions moved: the drag pass needs fresh normals
}

const float* Solver::host_normals() {
  if (!normals_ready_) {
    const std::size_t bytes = 3 * static_cast<std::size_t>(state_.n_verts) * sizeof(float);
    if (normals_h_) cudaFreeHost(normals_h_);
    cuda_check(cudaMallocHost(reinterpret_cast<void**>(&normals_h_), bytes), "normals");
    float* nrm_d = nullptr;
    int* faces_d = nullptr;
    cudaMallocAsync(&nrm_d, bytes, state_.stream);
    cudaMallocAsync(&faces_d, garment_.faces.size() * sizeof(int), state_.stream);
    cudaMemsetAsync(nrm_d, 0, bytes, state_.stream);
    cudaMemcpyAsync(faces_d, garment_.faces.data(), garment_.faces.size() * sizeof(int), cudaMemcpyHostToDevice,
                    state_.stream);
    const int n_faces = static_cast<int>(garment_.faces.size() / 3);
    vertex_normals<<<(n_faces + 255) / 256, 256, 0, state_.stream>>>(state_.x, faces_d, n_faces, nrm_d);
    cudaMemcpyAsync(normals_h_, nrm_d, bytes, cudaMemcpyDeviceToHost, state_.stream);
    cudaFreeAsync(nrm_d, state_.stream);
    cudaFreeAsync(faces_d, state_.stream);
    cudaStreamSynchronize(state_.stream);
    normals_ready_ = true;
  }
  return normals_h_;
}

const float* Solver::host_uv() {
  if (!uv_ready_) {
    if (uv_h_) cudaFreeHost(uv_h_);
    cuda_check(cudaMallocHost(reinterpret_cast<void**>(&uv_h_), garment_.uv.size() * sizeof(float)), "uv");
    std::copy(garment_.uv.begin(), garment_.uv.end(), uv_h_);
    uv_ready_ = true;
  }
  return uv_h_;
}

const float* Solver::download(int frame) {
  HostSpan<float>& slot = ring_[frame % kDownloadRing];
  cudaMemcpyAsync(slot.data(), state_.x, slot.size() * sizeof(float), cudaMemcpyDeviceToHost, state_.stream);
  cudaStreamSynchronize(state_.stream);
  return slot.data();
}

void Solver::integrate(float h, const float* drag_h) {
  float* v = state_.p;  // velocities folded into p between substeps in this build
  float* drag_d = nullptr;
  const std::size_t n3 = 3 * static_cast<std::size_t>(state_.n_verts);
  cudaMallocAsync(&drag_d, n3 * sizeof(float), state_.stream);
  cudaMemcpyAsync(drag_d, drag_h, n3 * sizeof(float), cudaMemcpyHostToDevice, state_.stream);
  predict<<<(state_.n_verts + 255) / 256, 256, 0, state_.stream>>>(state_.x, state_.p, v, state_.w, drag_d,
                                                                     state_.n_verts, h, 0.f, -9.81f, 0.f);
  cudaFreeAsync(drag_d, state_.stream);
}

std::vector<ContactChunk> Solver::broad_phase() {
  // Spatial-hash broad phase (kernel omitted) leaves the contacts sorted by triangle id;
  // a chunk is a run of at most 512 contacts, named by the triangle range it covers.
  std::vector<ContactChunk> chunks;
  int n_contacts = 0;
  cudaMemcpyAsync(&n_contacts, contacts_d_, sizeof(int), cudaMemcpyDeviceToHost, state_.stream);
  cudaStreamSynchronize(state_.stream);
  std::vector<float> tri(n_contacts);
  cudaMemcpy2D(tri.data(), sizeof(float), contacts_d_ + 4, 4 * sizeof(float), sizeof(float), n_contacts,
               cudaMemcpyDeviceToHost);
  for (int first = 0; first < n_contacts; first += 512) {
    const int count = std::min(512, n_contacts - first);
    chunks.push_back({static_cast<int>(tri[first]), static_cast<int>(tri[first + count - 1]), count,
                      contacts_d_ + 4 + 4 * first});
  }
  return chunks;
}

void Solver::collide() {
  for (int b = 0; b < sdf_.n_bodies(); ++b) {
    const HostSpan<float>& grid = sdf_.host_grid(b, sdf_res_);
    (void)grid;  // uploaded to a texture once per body in the CUDA build
  }
  for (const ContactChunk& chunk : broad_phase()) {
    const float* host = stager_.stage(chunk, state_.stream);
    (void)host;  // friction pass on the CPU worker (omitted)
  }
}

void Solver::step(float dt, const float* drag_h) {
  const float h = dt / substeps_;
  for (int s = 0; s < substeps_; ++s) {
    integrate(h, drag_h);
    for (auto& c : constraints_) c->project(state_, h);
    collide();
  }
  cudaMemcpyAsync(state_.x, state_.p, 3 * static_cast<std::size_t>(state_.n_verts) * sizeof(float),
                  cudaMemcpyDeviceToDevice, state_.stream);
}

}  // namespace drape
