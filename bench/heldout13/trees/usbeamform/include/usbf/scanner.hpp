#pragma once
#include <functional>
#include <string>
#include <vector>

#include <vsx/vsx_sdk.h>

#include "types.hpp"

namespace usbf {

class Scanner {
 public:
  using FrameHandler = std::function<void(const Frame&)>;
  explicit Scanner(std::string device);
  ~Scanner();
  void open();
  void close();
  void start(FrameHandler h);

 private:
  static void trampoline(const vsx_frame_info* info, void* user);
  std::string device_;
  vsx_handle* handle_ = nullptr;
  std::vector<void*> dma_;
  FrameHandler handler_;
};

}  // namespace usbf
