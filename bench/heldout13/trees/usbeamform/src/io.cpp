#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "usbf/beamformer.hpp"

namespace usbf {

ProbeGeometry load_probe_geometry(const std::string& path, int expected_elements) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  int32_t n = 0;
  float pitch = 0.f, fc = 0.f;
  in.read(reinterpret_cast<char*>(&n), sizeof n);
  in.read(reinterpret_cast<char*>(&pitch), sizeof pitch);
  in.read(reinterpret_cast<char*>(&fc), sizeof fc);
  float* xs = nullptr;
  USBF_HIP_OR_DIE(hipHostMalloc(reinterpret_cast<void**>(&xs), sizeof(float) * std::max(n, 1), hipHostMallocDefault));
  in.read(reinterpret_cast<char*>(xs), static_cast<std::streamsize>(sizeof(float) * std::max(n, 0)));
  if (n != expected_elements)
    throw std::runtime_error(path + ": " + std::to_string(n) + " elements, the probe has " +
                             std::to_string(expected_elements));
  ProbeGeometry g;
  g.n_elem = n;
  g.pitch = pitch;
  g.fc = fc;
  g.x.assign(xs, xs + n);
  hipHostFree(xs);
  return g;
}

bool save_cine(const std::string& path, std::vector<float>& frames, int nz, int nx) {
  USBF_HIP_OR_DIE(hipHostRegister(frames.data(), frames.size() * sizeof(float), hipHostRegisterDefault));
  std::ofstream out(path, std::ios::binary);
  const std::size_t per = static_cast<std::size_t>(nz) * nx;
  const std::size_t n = frames.size() / per;
  for (std::size_t i = 0; i < n; ++i) {
    out.write(reinterpret_cast<const char*>(frames.data() + i * per), static_cast<std::streamsize>(per * sizeof(float)));
    if (!out) return false;
  }
  hipHostUnregister(frames.data());
  return true;
}

}  // namespace usbf
