#include "host_pool.hpp"

#include <rmm/mr/host/pinned_memory_resource.hpp>
#include <rmm/mr/pinned_host_memory_resource.hpp>
#include <rmm/mr/device/pool_memory_resource.hpp>

namespace amg {

struct HostPool::Impl {
  explicit Impl(std::size_t initial) : pool(upstream, initial) {}
  rmm::mr::pinned_host_memory_resource upstream;
  rmm::mr::pool_memory_resource<rmm::mr::pinned_host_memory_resource> pool;
};

HostPool::HostPool(std::size_t initial_bytes) : impl_(std::make_unique<Impl>(initial_bytes)) {}
HostPool::~HostPool() = default;

void* HostPool::allocate(std::size_t bytes) { return impl_->pool.allocate(bytes); }
void HostPool::deallocate(void* p, std::size_t bytes) { impl_->pool.deallocate(p, bytes); }

}  // namespace amg
