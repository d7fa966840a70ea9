#pragma once
#include <Kokkos_Core.hpp>

namespace dosecalc {

using PinnedView = Kokkos::View<double *, Kokkos::HIPHostPinnedSpace>;
using DevView = Kokkos::View<double *, Kokkos::HIPSpace>;

class Superposer {
public:
    Superposer(int n_beams, int n_vox);
    double accumulate(const double *beam_dose, const double *weights);
    const double *dose() const { return dose_host_.data(); }

private:
    void ensure_scratch(int n);
    int n_beams_, n_vox_;
    PinnedView dose_host_;
    PinnedView scratch_;
    DevView weights_dev_;
};

}  // namespace dosecalc
