#pragma once
#include <rmm/mr/pinned_host_memory_resource.hpp>
#include <string>

#include "sphflow/kernel.hpp"

namespace sph {

class Checkpointer {
 public:
  explicit Checkpointer(size_t n_floats);
  ~Checkpointer();
  void write_restart(const std::string& path, const Particles& ps, cudaStream_t s);

 private:
  rmm::mr::pinned_host_memory_resource mr_;
  size_t bytes_;
  float* buf_ = nullptr;
};

}  // namespace sph
