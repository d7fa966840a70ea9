#include <drape/solver.hpp>

#include <cmath>

namespace drape {

float* ContactStager::stage(const ContactChunk& c, cudaStream_t stream) {
  // Chunks are identified by the triangle range the broad phase put in them.
  const std::uint64_t key = (static_cast<std::uint64_t>(c.first_tri) << 32) | static_cast<std::uint32_t>(c.last_tri);
  auto it = staged_.find(key);
  if (it == staged_.end()) {
    it = staged_.emplace(key, HostSpan<float>(4 * static_cast<std::size_t>(c.count))).first;
  }
  cudaMemcpyAsync(it->second.data(), c.contacts_d, 4 * c.count * sizeof(float), cudaMemcpyDeviceToHost, stream);
  return it->second.data();
}

namespace {

float point_triangle_distance(const float* p, const float* a, const float* b, const float* c) {
  const float cx = (a[0] + b[0] + c[0]) / 3.f, cy = (a[1] + b[1] + c[1]) / 3.f, cz = (a[2] + b[2] + c[2]) / 3.f;
  return std::sqrt((p[0] - cx) * (p[0] - cx) + (p[1] - cy) * (p[1] - cy) + (p[2] - cz) * (p[2] - cz));
}

}  // namespace

const HostSpan<float>& SdfCache::host_grid(int body_id, int res) {
  const std::uint64_t key = (static_cast<std::uint64_t>(body_id) << 32) | static_cast<std::uint32_t>(res);
  auto it = grids_.find(key);
  if (it == grids_.end()) {
    HostSpan<float> grid(static_cast<std::size_t>(res) * res * res);
    const Mesh& m = bodies_.at(body_id);
    for (int z = 0; z < res; ++z)
      for (int y = 0; y < res; ++y)
        for (int x = 0; x < res; ++x) {
          const float p[3] = {x / float(res) - 0.5f, y / float(res) - 0.5f, z / float(res) - 0.5f};
          float best = 1e30f;
          for (std::size_t f = 0; f + 2 < m.faces.size(); f += 3)
            best = std::fmin(best, point_triangle_distance(p, &m.verts[3 * m.faces[f]], &m.verts[3 * m.faces[f + 1]],
                                                           &m.verts[3 * m.faces[f + 2]]));
          grid[(static_cast<std::size_t>(z) * res + y) * res + x] = best;
        }
    it = grids_.emplace(key, std::move(grid)).first;
  }
  return it->second;
}

}  // namespace drape
