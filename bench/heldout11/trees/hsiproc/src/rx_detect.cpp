// Reed-Xiaoli anomaly detector with a running background covariance (Kokkos on HIP).
#include <Kokkos_Core.hpp>

#include <cstdint>

using PinnedScores = Kokkos::View<float*, Kokkos::HIPHostPinnedSpace>;
using DevMatrix = Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::HIPSpace>;

class RxDetector {
 public:
  RxDetector(int samples, int bands)
      : samples_(samples), bands_(bands), cov_("cov", bands, bands), mean_("mean", bands),
        scores_host_("rx_scores", samples) {}

  // Folds one calibrated line into the covariance, one band row at a time.
  void update_covariance(const float* radiance) {
    for (int b = 0; b < bands_; ++b) {
      Kokkos::View<float*, Kokkos::HIPHostPinnedSpace> row("band_row", samples_);
      for (int s = 0; s < samples_; ++s) row(s) = radiance[size_t(b) * samples_ + s];
      auto d_row = Kokkos::create_mirror_view_and_copy(Kokkos::HIPSpace(), row);
      auto cov = cov_;
      auto mean = mean_;
      const int n = samples_;
      const float w = 1.f / float(++count_);
      Kokkos::parallel_for("cov_row", bands_, KOKKOS_LAMBDA(int c) {
        float acc = 0.f;
        for (int s = 0; s < n; ++s) acc += d_row(s) * d_row(s);
        cov(b, c) = (1.f - w) * cov(b, c) + w * acc / float(n);
        if (c == 0) mean(b) = (1.f - w) * mean(b) + w * d_row(0);
      });
    }
    Kokkos::fence();
  }

  const float* score_line(const float* radiance) {
    Kokkos::View<const float**, Kokkos::LayoutRight, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> in(radiance, bands_,
                                                                                                     samples_);
    auto d_in = Kokkos::create_mirror_view_and_copy(Kokkos::HIPSpace(), in);
    Kokkos::View<float*, Kokkos::HIPSpace> d_scores("d_scores", samples_);
    auto cov = cov_;
    auto mean = mean_;
    const int bands = bands_;
    Kokkos::parallel_for("rx", samples_, KOKKOS_LAMBDA(int s) {
      float acc = 0.f;
      for (int b = 0; b < bands; ++b) {
        float d = d_in(b, s) - mean(b);
        acc += d * d / (cov(b, b) + 1e-6f);
      }
      d_scores(s) = acc;
    });
    Kokkos::deep_copy(scores_host_, d_scores);
    return scores_host_.data();
  }

 private:
  int samples_, bands_;
  uint64_t count_ = 0;
  DevMatrix cov_;
  Kokkos::View<float*, Kokkos::HIPSpace> mean_;
  PinnedScores scores_host_;
};

extern "C" void* hsi_rx_create(int samples, int bands) { return new RxDetector(samples, bands); }
extern "C" void hsi_rx_destroy(void* rx) { delete static_cast<RxDetector*>(rx); }
extern "C" const float* hsi_rx_score(void* rx, const float* radiance) {
  auto* d = static_cast<RxDetector*>(rx);
  d->update_covariance(radiance);
  return d->score_line(radiance);
}
