#pragma once
#include <complex>
#include <string>
#include <vector>

#include "types.hpp"

namespace usbf {

const PinnedView1D<float>& hann_window(int n);
PinnedView2D<float> make_rf_stage(int n_chan, int n_samp);

// Plane-wave delay-and-sum beamformer.
class Beamformer {
 public:
  Beamformer(const ProbeGeometry& probe, int n_angles, float max_angle_deg, int nz, int nx, float fs, float c0);
  void beamform(const Frame& f, DevView2D<float> img);
  int nz() const { return nz_; }
  int nx() const { return nx_; }

 private:
  ProbeGeometry probe_;
  int n_angles_, nz_, nx_;
  float fs_, c0_;
  PinnedView2D<float> delays_h_;
  DevView2D<float> delays_d_;
  DevView2D<float> rf_d_;
};

// Coherent compounding of the steered images of one frame group.
class Compounder {
 public:
  Compounder(int n_angles, int nz, int nx);
  const PinnedView2D<float>& compound(const std::vector<DevView2D<float>>& angle_imgs);

 private:
  int n_angles_, nz_, nx_;
  PinnedView2D<float> out_;
};

struct IqPacket {
  int pixel_block;
  std::vector<std::complex<float>> iq;
};

class DopplerProcessor {
 public:
  DopplerProcessor(int n_pix, int ensemble);
  void process(std::vector<IqPacket>& packets);

 private:
  void ensure_ensemble(int n);
  void wall_filter(std::vector<IqPacket>& packets);
  int n_pix_;
  int ensemble_;
  PinnedView2D<float> ensemble_h_;
  hipStream_t stream_ = nullptr;
};

ProbeGeometry load_probe_geometry(const std::string& path, int expected_elements);
bool save_cine(const std::string& path, std::vector<float>& frames, int nz, int nx);

}  // namespace usbf
