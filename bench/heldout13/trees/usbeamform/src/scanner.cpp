// Thin wrapper over the scanner vendor's research SDK (vsx_*).
#include "usbf/scanner.hpp"

#include <stdexcept>

namespace usbf {

Scanner::Scanner(std::string device) : device_(std::move(device)) {}

Scanner::~Scanner() { close(); }

void Scanner::open() {
  handle_ = vsx_open(device_.c_str());
  if (!handle_) throw std::runtime_error("cannot open scanner " + device_);
  const int n = vsx_dma_count(handle_);
  const std::size_t bytes = vsx_dma_bytes(handle_);
  for (int i = 0; i < n; ++i) {
    void* p = vsx_dma_buffer(handle_, i);
    USBF_HIP_OR_DIE(hipHostRegister(p, bytes, hipHostRegisterMapped));
    dma_.push_back(p);
  }
  vsx_set_frame_callback(handle_, &Scanner::trampoline, this);
}

void Scanner::close() {
  if (!handle_) return;
  vsx_stop(handle_);
  for (void* p : dma_) hipHostUnregister(p);
  dma_.clear();
  vsx_close(handle_);
  handle_ = nullptr;
}

void Scanner::start(FrameHandler h) {
  handler_ = std::move(h);
  vsx_start(handle_);
}

void Scanner::trampoline(const vsx_frame_info* info, void* user) {
  auto* self = static_cast<Scanner*>(user);
  Frame f{info->sequence, info->n_channels, info->n_samples, info->angle_index,
          static_cast<const int16_t*>(self->dma_[info->dma_index])};
  if (self->handler_) self->handler_(f);
}

}  // namespace usbf
