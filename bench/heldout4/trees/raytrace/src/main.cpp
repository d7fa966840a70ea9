#include <opencv2/imgcodecs.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "renderer.hpp"

bool write_pfm(const std::string& path, const float* d_img, int w, int h);

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s scene.obj env.exr frames [--aov]\n", argv[0]);
    return 2;
  }
  const std::string scene_path = argv[1];
  const int frames = std::stoi(argv[3]);
  const bool aov = argc > 4 && std::string(argv[4]) == "--aov";
  Renderer renderer(scene_path, argv[2], 1920, 1080, 4);
  auto stamp = std::filesystem::last_write_time(scene_path);
  Camera cam{{0.f, 1.f, 6.f}, {0.f, 1.f, 0.f}, {0.f, 1.f, 0.f}, 45.f};
  for (int f = 0; f < frames; ++f) {
    const auto now = std::filesystem::last_write_time(scene_path);
    if (now != stamp) {
      stamp = now;
      try {
        renderer.reload_geometry();
      } catch (const std::exception& e) {
        std::fprintf(stderr, "reload failed (%s); keeping the previous geometry\n", e.what());
      }
    }
    cv::Mat img = renderer.render_frame(cam);
    cv::imwrite("frame_" + std::to_string(f) + ".png", img);
    if (aov) cv::imwrite("albedo_" + std::to_string(f) + ".exr", renderer.capture_aov(Aov::Albedo));
  }
  if (!write_pfm("accum.pfm", renderer.accum(), renderer.width(), renderer.height()))
    std::fprintf(stderr, "could not write accum.pfm\n");
  return 0;
}
