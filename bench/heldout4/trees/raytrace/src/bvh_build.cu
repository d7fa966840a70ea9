#include <algorithm>
#include <stdexcept>

#include "readback.hpp"
#include "scene.hpp"

namespace {
float3a centroid(const Triangle& t) {
  return {(t.v0.x + t.v1.x + t.v2.x) / 3, (t.v0.y + t.v1.y + t.v2.y) / 3, (t.v0.z + t.v1.z + t.v2.z) / 3};
}

int build_sah(std::vector<int>& idx, const std::vector<Triangle>& tris, BvhNode* nodes, int first, int count,
              int& used) {
  const int me = used++;
  BvhNode& n = nodes[me];
  n.lo = {1e30f, 1e30f, 1e30f};
  n.hi = {-1e30f, -1e30f, -1e30f};
  for (int i = first; i < first + count; ++i) {
    const float3a c = centroid(tris[idx[i]]);
    n.lo = {std::min(n.lo.x, c.x), std::min(n.lo.y, c.y), std::min(n.lo.z, c.z)};
    n.hi = {std::max(n.hi.x, c.x), std::max(n.hi.y, c.y), std::max(n.hi.z, c.z)};
  }
  if (count <= 4) {
    n.left_or_first = first;
    n.count = count;
    return me;
  }
  const int mid = first + count / 2;
  std::nth_element(idx.begin() + first, idx.begin() + mid, idx.begin() + first + count,
                   [&](int a, int b) { return centroid(tris[a]).x < centroid(tris[b]).x; });
  n.left_or_first = build_sah(idx, tris, nodes, first, mid - first, used);
  build_sah(idx, tris, nodes, mid, first + count - mid, used);
  n.count = 0;
  return me;
}
}  // namespace

Bvh build_bvh(const std::vector<Triangle>& tris) {
  BvhNode* h_nodes = nullptr;
  CUDA_OK(cudaMallocHost(reinterpret_cast<void**>(&h_nodes), sizeof(BvhNode) * 2 * (tris.size() + 1)));
  std::vector<int> idx(tris.size());
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int>(i);
  int used = 0;
  if (!tris.empty()) build_sah(idx, tris, h_nodes, 0, static_cast<int>(tris.size()), used);
  if (used == 0) throw std::runtime_error("BVH build produced no nodes (empty geometry?)");
  Bvh bvh;
  bvh.nnodes = used;
  CUDA_OK(cudaMalloc(&bvh.d_nodes, sizeof(BvhNode) * used));
  CUDA_OK(cudaMemcpy(bvh.d_nodes, h_nodes, sizeof(BvhNode) * used, cudaMemcpyHostToDevice));
  CUDA_OK(cudaFreeHost(h_nodes));
  return bvh;
}

void free_bvh(Bvh& b) {
  cudaFree(b.d_nodes);
  b = Bvh{};
}
