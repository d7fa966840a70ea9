#include <vector>
#include <rmm/mr/pinned_host_memory_resource.hpp>
#include "slam/icp.hpp"

namespace slam {

struct Edge { int i, j; Pose rel; };

// Gauss-Newton over the whole graph; invoked every few keyframes and on loop closure.
void optimize_pose_graph(std::vector<Pose>& poses, const std::vector<Edge>& edges, int iters) {
  rmm::mr::pinned_host_memory_resource mr;
  const size_t bytes = sizeof(float) * 12 * poses.size();
  auto* staging = static_cast<float*>(mr.allocate(bytes));
  for (size_t k = 0; k < poses.size(); ++k)
    for (int c = 0; c < 12; ++c) staging[12 * k + c] = poses[k][c];
  for (int it = 0; it < iters; ++it) {
    for (const Edge& e : edges) {
      for (int c = 9; c < 12; ++c) {
        float r = staging[12 * e.j + c] - staging[12 * e.i + c] - e.rel[c];
        staging[12 * e.j + c] -= 0.5f * r;
      }
    }
  }
  for (size_t k = 0; k < poses.size(); ++k)
    for (int c = 0; c < 12; ++c) poses[k][c] = staging[12 * k + c];
  mr.deallocate(staging, bytes);
}

}  // namespace slam
