#include "usbf/pipeline.hpp"

namespace usbf {

Pipeline::Pipeline(const ProbeGeometry& probe, const PipelineConfig& cfg)
    : cfg_(cfg),
      bf_(probe, cfg.n_angles, cfg.max_angle_deg, cfg.nz, cfg.nx, cfg.fs, cfg.c0),
      comp_(cfg.n_angles, cfg.nz, cfg.nx),
      doppler_(cfg.nz * cfg.nx, cfg.doppler_ensemble) {
  for (int a = 0; a < cfg.n_angles; ++a) imgs_.emplace_back("angle_img_d", cfg.nz, cfg.nx);
}

void Pipeline::add_sink(Sink s) { sinks_.push_back(std::move(s)); }

void Pipeline::on_frame(const Frame& f) {
  bf_.beamform(f, imgs_[f.angle_idx]);
  if (f.angle_idx != cfg_.n_angles - 1) return;
  const auto& bmode = comp_.compound(imgs_);
  for (auto& s : sinks_) s(f, bmode);
  if (cfg_.doppler_ensemble > 0 && (f.seq / cfg_.n_angles) % cfg_.doppler_every == 0) {
    std::vector<IqPacket> packets(cfg_.nz);
    for (int z = 0; z < cfg_.nz; ++z) {
      packets[z].pixel_block = z;
      packets[z].iq.assign(cfg_.doppler_ensemble, std::complex<float>(bmode(z, cfg_.nx / 2), 0.f));
    }
    doppler_.process(packets);
  }
}

}  // namespace usbf
