#include <cstdio>
#include <string>
#include <vector>
#include "slam/check.hpp"
#include "slam/frontend.hpp"
#include "slam/icp.hpp"
#include "slam/map.hpp"

namespace slam {
struct Edge { int i, j; Pose rel; };
class LoopCloser {
 public:
  LoopCloser();
  ~LoopCloser();
  int detect(const float* d_scan, size_t n, int keyframe_id);
};
Pose load_calib(const char* path);
void optimize_pose_graph(std::vector<Pose>& poses, const std::vector<Edge>& edges, int iters);
bool read_frame(FILE* f, Frame& out);
}  // namespace slam

int main(int argc, char** argv) {
  using namespace slam;
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s scans.bin calib.bin [map.ply]\n", argv[0]);
    return 1;
  }
  Pose calib = load_calib(argv[2]);
  Frontend frontend(200000);
  Icp icp(30, 1e-4f);
  VoxelMap map;
  LoopCloser closer;
  std::vector<Pose> poses{calib};
  std::vector<Edge> edges;
  float* d_scan = nullptr;
  SLAM_FATAL(cudaMalloc(&d_scan, sizeof(float) * 4 * 200000));
  FILE* in = std::fopen(argv[1], "rb");
  if (!in) return 1;
  Frame frame;
  int k = 0;
  while (read_frame(in, frame)) {
    size_t kept = frontend.ingest(frame, d_scan);
    Pose T = icp.align(d_scan, kept, map.device_points(), map.size(), poses.back());
    map.insert(d_scan, kept);
    poses.push_back(T);
    edges.push_back({k, k + 1, T});
    int match = closer.detect(d_scan, kept, k);
    if (match >= 0 || k % 10 == 9) optimize_pose_graph(poses, edges, 5);
    ++k;
  }
  std::fclose(in);
  if (argc > 3 && !map.export_ply(argv[3])) std::fprintf(stderr, "could not write %s\n", argv[3]);
  cudaFree(d_scan);
  return 0;
}
