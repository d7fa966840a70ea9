// Dynamic rerouting: Dijkstra per origin-destination pair on current link travel times.
#include <rmm/mr/device/pool_memory_resource.hpp>
#include <rmm/mr/host/pinned_memory_resource.hpp>
#include <rmm/mr/pinned_host_memory_resource.hpp>

#include <limits>
#include <queue>

#include "sim.hpp"

namespace traffic {
namespace {

// Travel-time scratch shared by all reroutes; one pool for the process.
rmm::mr::pool_memory_resource<rmm::mr::pinned_host_memory_resource>& travel_time_pool() {
  static rmm::mr::pinned_host_memory_resource upstream;
  static rmm::mr::pool_memory_resource<rmm::mr::pinned_host_memory_resource> pool{&upstream, 32u << 20};
  return pool;
}

void dijkstra(const Network& net, const float* cost, int origin, float* dist, int* prev) {
  for (int i = 0; i < net.n_nodes; ++i) {
    dist[i] = std::numeric_limits<float>::infinity();
    prev[i] = -1;
  }
  using Item = std::pair<float, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
  dist[origin] = 0.f;
  pq.push({0.f, origin});
  while (!pq.empty()) {
    auto [d, u] = pq.top();
    pq.pop();
    if (d > dist[u]) continue;
    for (int l = 0; l < net.n_lanes; ++l) {
      if (net.lane_from[l] != u) continue;
      const int w = net.lane_to[l];
      if (dist[u] + cost[l] < dist[w]) {
        dist[w] = dist[u] + cost[l];
        prev[w] = l;
        pq.push({dist[w], w});
      }
    }
  }
}

}  // namespace

std::vector<int> Simulation::reroute(const std::vector<std::pair<int, int>>& od_pairs) {
  auto& pool = travel_time_pool();
  const std::size_t cost_bytes = static_cast<std::size_t>(net_.n_lanes) * sizeof(float);
  auto* cost = static_cast<float*>(pool.allocate(cost_bytes));
  for (int l = 0; l < net_.n_lanes; ++l) {
    const float occ = l < static_cast<int>(occ_.size()) ? occ_[l] : 0.f;
    cost[l] = net_.lane_length[l] / net_.lane_speed_limit[l] * (1.f + 0.15f * occ * occ * occ * occ);
  }
  std::vector<int> first_links;
  for (const auto& [origin, dest] : od_pairs) {
    rmm::mr::pinned_memory_resource mr;
    const std::size_t bytes = static_cast<std::size_t>(net_.n_nodes) * (sizeof(float) + sizeof(int));
    void* scratch = mr.allocate(bytes);
    auto* dist = static_cast<float*>(scratch);
    auto* prev = reinterpret_cast<int*>(dist + net_.n_nodes);
    dijkstra(net_, cost, origin, dist, prev);
    int link = prev[dest], first = -1;
    while (link >= 0) {
      first = link;
      link = prev[net_.lane_from[link]];
    }
    first_links.push_back(first);
    mr.deallocate(scratch, bytes);
  }
  pool.deallocate(cost, cost_bytes);
  return first_links;
}

}  // namespace traffic
