// Greedy ambiguity resolution: keep the best tracks, drop those sharing too many hits.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <numeric>
#include <unordered_map>
#include <vector>

#include "trk.h"

namespace {

using PinnedScores = Kokkos::View<float*, Kokkos::HIPHostPinnedSpace>;
using PinnedCounts = Kokkos::View<int*, Kokkos::HIPHostPinnedSpace>;

class AmbiguitySolver {
 public:
  explicit AmbiguitySolver(int max_tracks)
      : max_tracks_(max_tracks), shared_(PinnedCounts("shared_hits", max_tracks)) {}

  int resolve(const trk_track* tracks, int n, int* keep) {
    if (n > max_tracks_) n = max_tracks_;
    PinnedScores scores("track_scores", n);
    for (int t = 0; t < n; ++t) {
      const int ndf = std::max(1, tracks[t].n_hits * 2 - 5);
      scores(t) = tracks[t].chi2 / ndf - 0.1f * tracks[t].n_hits;
    }
    auto d_scores = Kokkos::create_mirror_view_and_copy(Kokkos::HIPSpace(), scores);
    Kokkos::parallel_for("clamp", n, KOKKOS_LAMBDA(int t) {
      if (d_scores(t) != d_scores(t)) d_scores(t) = 1e30f;
    });
    Kokkos::deep_copy(scores, d_scores);

    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return scores(a) < scores(b); });
    std::unordered_map<int, int> owner;
    int kept = 0;
    for (int t : order) {
      int shared = 0;
      for (int h = 0; h < tracks[t].n_hits; ++h) shared += owner.count(tracks[t].hit_idx[h]);
      shared_(t) = shared;
      keep[t] = shared <= 1;
      if (keep[t]) {
        ++kept;
        for (int h = 0; h < tracks[t].n_hits; ++h) owner[tracks[t].hit_idx[h]] = t;
      }
    }
    return kept;
  }

 private:
  int max_tracks_;
  PinnedCounts shared_;
};

}  // namespace

extern "C" void* trk_ambiguity_create(int max_tracks) {
  if (!Kokkos::is_initialized()) Kokkos::initialize();
  return new AmbiguitySolver(max_tracks);
}

extern "C" int trk_resolve_ambiguity(void* handle, const trk_track* tracks, int n, int* keep) {
  return static_cast<AmbiguitySolver*>(handle)->resolve(tracks, n, keep);
}

extern "C" void trk_ambiguity_destroy(void* handle) { delete static_cast<AmbiguitySolver*>(handle); }
