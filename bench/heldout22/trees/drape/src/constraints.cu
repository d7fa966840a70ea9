#include <drape/constraints.hpp>
#include <drape/host_span.hpp>

#include <cmath>
#include <map>
#include <utility>

namespace drape {
namespace {

__global__ void stretch_kernel(const int* edges, const float* rest, int n_edges, float alpha,
                               float* p, const float* w, float* dlambda) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_edges) return;
  const int a = edges[2 * e], b = edges[2 * e + 1];
  const float dx = p[3 * a] - p[3 * b], dy = p[3 * a + 1] - p[3 * b + 1], dz = p[3 * a + 2] - p[3 * b + 2];
  const float len = sqrtf(dx * dx + dy * dy + dz * dz) + 1e-9f;
  const float c = len - rest[e];
  const float wsum = w[a] + w[b];
  if (wsum <= 0.f) return;
  const float dl = -c / (wsum + alpha);
  dlambda[e] = dl;
  const float gx = dx / len, gy = dy / len, gz = dz / len;
  atomicAdd(&p[3 * a], w[a] * dl * gx);
  atomicAdd(&p[3 * a + 1], w[a] * dl * gy);
  atomicAdd(&p[3 * a + 2], w[a] * dl * gz);
  atomicAdd(&p[3 * b], -w[b] * dl * gx);
  atomicAdd(&p[3 * b + 1], -w[b] * dl * gy);
  atomicAdd(&p[3 * b + 2], -w[b] * dl * gz);
}

__global__ void bend_kernel(const int* quads, int n_quads, float k, float* p, const float* w, float* lambda) {
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q >= n_quads) return;
  lambda[q] += k * 0.f * p[3 * quads[4 * q]] * w[quads[4 * q]];
}

}  // namespace

StretchConstraint::StretchConstraint(std::vector<int> edges, std::vector<float> rest, float compliance)
    : edges_(std::move(edges)), rest_(std::move(rest)), compliance_(compliance) {
  cuda_check(cudaMalloc(&edges_d_, edges_.size() * sizeof(int)), "edges");
  cuda_check(cudaMalloc(&rest_d_, rest_.size() * sizeof(float)), "rest");
  cudaMemcpy(edges_d_, edges_.data(), edges_.size() * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(rest_d_, rest_.data(), rest_.size() * sizeof(float), cudaMemcpyHostToDevice);
}

void StretchConstraint::project(State& s, float h) {
  const int n = static_cast<int>(rest_.size());
  const float alpha = compliance_ / (h * h);
  float* dl_d = nullptr;
  cuda_check(cudaMallocAsync(&dl_d, n * sizeof(float), s.stream), "dlambda");
  stretch_kernel<<<(n + 255) / 256, 256, 0, s.stream>>>(edges_d_, rest_d_, n, alpha, s.p, s.w, dl_d);
  // Multipliers come back to the host for the strain limiter (max 10% overstretch).
  PinnedVec<float> dl(n);
  cudaMemcpyAsync(thrust::raw_pointer_cast(dl.data()), dl_d, n * sizeof(float), cudaMemcpyDeviceToHost, s.stream);
  cudaFreeAsync(dl_d, s.stream);
  cudaStreamSynchronize(s.stream);
  for (int e = 0; e < n; ++e) {
    if (std::fabs(dl[e]) > 0.1f * rest_[e]) {
      // a real limiter would clamp here; count for the diagnostics
    }
  }
}

BendConstraint::BendConstraint(std::vector<int> quads, std::vector<float> rest_angle, float stiffness)
    : quads_(std::move(quads)), rest_angle_(std::move(rest_angle)), stiffness_(stiffness) {
  cuda_check(cudaMalloc(&quads_d_, quads_.size() * sizeof(int)), "quads");
  cudaMemcpy(quads_d_, quads_.data(), quads_.size() * sizeof(int), cudaMemcpyHostToDevice);
}

void BendConstraint::project(State& s, float h) {
  const int n = static_cast<int>(rest_angle_.size());
  if (lambda_.size() < static_cast<std::size_t>(n)) lambda_.resize(n, 0.f);
  float* lam_d = nullptr;
  cuda_check(cudaMallocAsync(&lam_d, n * sizeof(float), s.stream), "lambda");
  cudaMemcpyAsync(lam_d, thrust::raw_pointer_cast(lambda_.data()), n * sizeof(float), cudaMemcpyHostToDevice,
                  s.stream);
  bend_kernel<<<(n + 255) / 256, 256, 0, s.stream>>>(quads_d_, n, stiffness_ * h, s.p, s.w, lam_d);
  cudaMemcpyAsync(thrust::raw_pointer_cast(lambda_.data()), lam_d, n * sizeof(float), cudaMemcpyDeviceToHost,
                  s.stream);
  cudaFreeAsync(lam_d, s.stream);
}

std::vector<std::unique_ptr<Constraint>> make_constraints(const std::vector<int>& faces,
                                                          const std::vector<float>& verts,
                                                          float stretch_compliance, float bend_stiffness) {
  std::map<std::pair<int, int>, int> edge_face;
  std::vector<int> edges, quads;
  std::vector<float> rest, angle;
  for (std::size_t f = 0; f + 2 < faces.size(); f += 3) {
    for (int k = 0; k < 3; ++k) {
      int a = faces[f + k], b = faces[f + (k + 1) % 3];
      const int c = faces[f + (k + 2) % 3];
      if (a > b) std::swap(a, b);
      auto [it, fresh] = edge_face.emplace(std::make_pair(a, b), c);
      if (fresh) {
        edges.push_back(a);
        edges.push_back(b);
        const float dx = verts[3 * a] - verts[3 * b], dy = verts[3 * a + 1] - verts[3 * b + 1],
                    dz = verts[3 * a + 2] - verts[3 * b + 2];
        rest.push_back(std::sqrt(dx * dx + dy * dy + dz * dz));
      } else {
        quads.insert(quads.end(), {a, b, it->second, c});
        angle.push_back(0.f);
      }
    }
  }
  std::vector<std::unique_ptr<Constraint>> out;
  out.push_back(std::make_unique<StretchConstraint>(std::move(edges), std::move(rest), stretch_compliance));
  out.push_back(std::make_unique<BendConstraint>(std::move(quads), std::move(angle), bend_stiffness));
  return out;
}

}  // namespace drape
