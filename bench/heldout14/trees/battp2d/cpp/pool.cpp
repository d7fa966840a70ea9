#include "pool.hpp"

#include <cstdio>
#include <memory>
#include <stdexcept>

#include <rmm/mr/pinned_host_memory_resource.hpp>
#include <rmm/mr/pool_memory_resource.hpp>

namespace p2d {

struct HostPool::Impl {
  rmm::mr::pinned_host_memory_resource upstream;
  rmm::mr::pool_memory_resource<rmm::mr::pinned_host_memory_resource> pool{&upstream, 64u << 20};
};

HostPool::HostPool() : impl_(new Impl()) {}

HostPool& HostPool::instance() {
  static HostPool p;
  return p;
}

void* HostPool::acquire(std::size_t bytes) { return impl_->pool.allocate(bytes); }
void HostPool::release(void* p, std::size_t bytes) { impl_->pool.deallocate(p, bytes); }

std::vector<double> load_ocv_table(const std::string& path) {
  rmm::mr::pinned_host_memory_resource mr;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw std::runtime_error("cannot open " + path);
  std::size_t n = 0;
  std::fread(&n, sizeof(n), 1, f);
  auto* buf = static_cast<double*>(mr.allocate(n * sizeof(double)));
  const bool ok = std::fread(buf, sizeof(double), n, f) == n;
  std::fclose(f);
  if (!ok) throw std::runtime_error("short OCV table " + path);
  std::vector<double> out(buf, buf + n);
  mr.deallocate(buf, n * sizeof(double));
  return out;
}

}  // namespace p2d
