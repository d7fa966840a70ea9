#include <cassert>
#include <cstdio>
#include "lqcd/host_field.hpp"

int main() {
  lqcd::HostField<double> f(1024);
  for (std::size_t i = 0; i < f.size(); ++i) f[i] = static_cast<double>(i);
  void* raw = nullptr;
  assert(hipHostMalloc(&raw, 4096, hipHostMallocDefault) == hipSuccess);
  assert(hipHostFree(raw) == hipSuccess);
  assert(f[1023] == 1023.0);
  std::puts("ok");
  return 0;
}
