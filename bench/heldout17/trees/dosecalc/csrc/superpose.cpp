// Beam superposition on the host side of a Kokkos HIP build.
#include <Kokkos_Core.hpp>

#include "superpose.hpp"

namespace dosecalc {

Superposer::Superposer(int n_beams, int n_vox)
    : n_beams_(n_beams), n_vox_(n_vox),
      dose_host_("dose_host", n_vox),
      weights_dev_("weights", n_beams) {}

void Superposer::ensure_scratch(int n) {
    if (int(scratch_.extent(0)) < n) {
        scratch_ = PinnedView("scratch", 2 * size_t(n));
    }
}

double Superposer::accumulate(const double *beam_dose, const double *weights) {
    PinnedView w_host("w_host", n_beams_);
    for (int b = 0; b < n_beams_; ++b) w_host(b) = weights[b];
    Kokkos::deep_copy(weights_dev_, w_host);
    ensure_scratch(n_vox_);
    double total = 0.0;
    for (int v = 0; v < n_vox_; ++v) {
        double d = 0.0;
        for (int b = 0; b < n_beams_; ++b) d += w_host(b) * beam_dose[size_t(b) * n_vox_ + v];
        dose_host_(v) = d;
        total += d;
    }
    return total;
}

}  // namespace dosecalc
