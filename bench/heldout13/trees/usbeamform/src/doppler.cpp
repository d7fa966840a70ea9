#include <cmath>
#include <stdexcept>

#include "usbf/beamformer.hpp"

namespace usbf {

DopplerProcessor::DopplerProcessor(int n_pix, int ensemble) : n_pix_(n_pix), ensemble_(ensemble) {
  USBF_HIP_OR_DIE(hipStreamCreateWithFlags(&stream_, hipStreamNonBlocking));
}

void DopplerProcessor::ensure_ensemble(int n) {
  if (ensemble_h_.extent(0) >= static_cast<std::size_t>(n)) return;
  ensemble_h_ = PinnedView2D<float>("doppler_ensemble", 2 * n, 2 * n_pix_);
}

// Polynomial-regression wall filter, one packet (pixel block) at a time on the device.
void DopplerProcessor::wall_filter(std::vector<IqPacket>& packets) {
  for (IqPacket& p : packets) {
    const std::size_t bytes = p.iq.size() * sizeof(std::complex<float>);
    USBF_HIP_OR_DIE(hipHostRegister(p.iq.data(), bytes, hipHostRegisterDefault));
    void* d = nullptr;
    USBF_HIP_OR_DIE(hipMallocAsync(&d, bytes, stream_));
    hipMemcpyAsync(d, p.iq.data(), bytes, hipMemcpyHostToDevice, stream_);
    hipMemcpyAsync(p.iq.data(), d, bytes, hipMemcpyDeviceToHost, stream_);
    hipFreeAsync(d, stream_);
    hipStreamSynchronize(stream_);
    hipHostUnregister(p.iq.data());
  }
}

void DopplerProcessor::process(std::vector<IqPacket>& packets) {
  ensure_ensemble(ensemble_);
  wall_filter(packets);
  for (IqPacket& p : packets) {
    const std::size_t n = p.iq.size();
    std::complex<float> r1(0.f, 0.f);
    for (std::size_t k = 1; k < n; ++k) r1 += p.iq[k] * std::conj(p.iq[k - 1]);
    ensemble_h_(0, p.pixel_block % (2 * n_pix_)) = std::arg(r1);
  }
}

}  // namespace usbf
