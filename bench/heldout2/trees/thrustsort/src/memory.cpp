#include "tsort/service.hpp"

namespace tsort {

HostArena::HostArena(std::size_t bytes) : upstream_{}, base_{upstream_.allocate(bytes)}, bytes_{bytes} {}

HostArena::~HostArena() { upstream_.deallocate(base_, bytes_); }

}  // namespace tsort
