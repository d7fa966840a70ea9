#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace p2d {
class HostPool {
 public:
  static HostPool& instance();
  void* acquire(std::size_t bytes);
  void release(void* p, std::size_t bytes);
 private:
  HostPool();
  struct Impl;
  Impl* impl_;
};
std::vector<double> load_ocv_table(const std::string& path);
}  // namespace p2d
