#include <cstdint>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "sim.hpp"

namespace traffic {
namespace {

constexpr std::uint32_t kNetMagic = 0x544d4e31;  // "TMN1"

struct NetHeader {
  std::uint32_t magic;
  std::uint32_t version;
  std::int32_t n_nodes;
  std::int32_t n_lanes;
  std::int32_t n_loops;
  std::int32_t n_junctions;
};

constexpr int kLaneFields = 4;  // from, to, length, speed limit

}  // namespace

Network load_network(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open network " + path);
  NetHeader h{};
  in.read(reinterpret_cast<char*>(&h), sizeof h);
  if (!in || h.magic != kNetMagic || h.n_lanes <= 0) throw std::runtime_error("bad network header in " + path);

  const std::size_t bytes = static_cast<std::size_t>(h.n_lanes) * kLaneFields * sizeof(float);
  float* lanes = nullptr;
  TM_CHECK(cudaMallocHost(reinterpret_cast<void**>(&lanes), bytes));
  in.read(reinterpret_cast<char*>(lanes), static_cast<std::streamsize>(bytes));
  if (!in || h.version < 2) {
    return {};
  }
  Network net;
  net.n_nodes = h.n_nodes;
  net.n_lanes = h.n_lanes;
  net.n_loops = h.n_loops;
  for (int l = 0; l < h.n_lanes; ++l) {
    net.lane_from.push_back(static_cast<int>(lanes[l * kLaneFields]));
    net.lane_to.push_back(static_cast<int>(lanes[l * kLaneFields + 1]));
    net.lane_length.push_back(lanes[l * kLaneFields + 2]);
    net.lane_speed_limit.push_back(lanes[l * kLaneFields + 3]);
  }
  cudaFreeHost(lanes);

  net.loop_lane.resize(h.n_loops);
  net.loop_pos.resize(h.n_loops);
  in.read(reinterpret_cast<char*>(net.loop_lane.data()), h.n_loops * sizeof(int));
  in.read(reinterpret_cast<char*>(net.loop_pos.data()), h.n_loops * sizeof(float));
  net.junction_lanes.resize(h.n_junctions);
  for (auto& lanes_of : net.junction_lanes) {
    std::int32_t k = 0;
    in.read(reinterpret_cast<char*>(&k), sizeof k);
    lanes_of.resize(k);
    in.read(reinterpret_cast<char*>(lanes_of.data()), k * sizeof(int));
  }
  return net;
}

void Simulation::write_trajectories(const std::string& path, float* frames, std::size_t n) {
  const std::size_t bytes = std::min(n, trajectory_size()) * sizeof(float);
  TM_CHECK(cudaHostRegister(frames, bytes, cudaHostRegisterDefault));
  TM_CHECK(cudaMemcpyAsync(frames, d_traj_, bytes, cudaMemcpyDeviceToHost, stream_));
  TM_CHECK(cudaStreamSynchronize(stream_));
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot write trajectories to " + path);
  out.write(reinterpret_cast<const char*>(frames), static_cast<std::streamsize>(bytes));
  TM_CHECK(cudaHostUnregister(frames));
}

}  // namespace traffic
