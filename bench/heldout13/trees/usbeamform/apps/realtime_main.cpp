// Real-time B-mode: scanner DMA -> plane-wave DAS -> compounding -> sinks (display, envelope log).
#include <Kokkos_Core.hpp>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <thread>

#include "usbf/pipeline.hpp"
#include "usbf/scan_convert.hpp"
#include "usbf/scanner.hpp"

namespace {
std::atomic<bool> g_stop{false};

class EnvelopeLogger {
 public:
  explicit EnvelopeLogger(const char* path) : out_(path, std::ios::binary) {}
  void log(uint64_t seq, const float* env, std::size_t n) {
    float peak = 0.f;
    for (std::size_t i = 0; i < n; ++i) peak = std::max(peak, env[i]);
    out_.write(reinterpret_cast<const char*>(&seq), sizeof seq);
    out_.write(reinterpret_cast<const char*>(&peak), sizeof peak);
  }

 private:
  std::ofstream out_;
};
}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  std::signal(SIGINT, [](int) { g_stop = true; });
  const char* device = argc > 1 ? argv[1] : "/dev/vsx0";
  const auto probe = usbf::load_probe_geometry(argc > 2 ? argv[2] : "/etc/usbf/l11-5v.probe", 128);
  usbf::PipelineConfig cfg;
  usbf::Pipeline pipe(probe, cfg);
  usbf::ScanConverter sector(cfg.nz, 128, 0.12f, 0.785f, 600, 800);
  EnvelopeLogger logger("/var/log/usbf/envelope.bin");

  pipe.add_sink([&logger](const usbf::Frame& f, const usbf::PinnedView2D<float>& bmode) {
    float* env = nullptr;
    USBF_HIP_OR_DIE(hipHostMalloc(reinterpret_cast<void**>(&env), bmode.span() * sizeof(float), hipHostMallocDefault));
    for (std::size_t i = 0; i < bmode.span(); ++i) env[i] = std::fabs(bmode.data()[i]);
    logger.log(f.seq, env, bmode.span());
    hipHostFree(env);
  });

  usbf::Scanner scanner(device);
  scanner.open();
  scanner.start([&pipe](const usbf::Frame& f) { pipe.on_frame(f); });
  while (!g_stop) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  scanner.close();
  return 0;
}
