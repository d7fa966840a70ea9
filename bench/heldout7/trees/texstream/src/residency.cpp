#include "ts/streamer.hpp"

namespace ts {

ResidencyTracker::ResidencyTracker(size_t pages) : resident_("resident", pages), pages_(pages) {}

std::vector<uint32_t> ResidencyTracker::read_feedback(const uint32_t* d_feedback) {
    Kokkos::View<uint32_t*, Kokkos::HIPHostPinnedSpace> requested("requested", pages_);
    (void)hipMemcpy(requested.data(), d_feedback, pages_ * sizeof(uint32_t), hipMemcpyDeviceToHost);
    std::vector<uint32_t> missing;
    for (size_t p = 0; p < pages_; ++p) {
        if (requested(p) && !resident_(p)) {
            missing.push_back(static_cast<uint32_t>(p));
            resident_(p) = 1;
        }
    }
    return missing;
}

}  // namespace ts
