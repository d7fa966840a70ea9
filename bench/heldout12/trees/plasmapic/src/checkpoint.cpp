#include <fstream>
#include <stdexcept>

#include "simulation.hpp"

namespace pic {

namespace {
struct CkptHeader {
  char magic[8];
  int32_t version;
  int32_t nspecies;
  int32_t step;
  int64_t total;
};
}  // namespace

bool write_checkpoint(const std::string& path, std::vector<Species>& species, int step) {
  int64_t total = 0;
  for (auto& sp : species) total += 2 * int64_t(sp.np);
  std::vector<double> packed(total);
  PIC_HIP_CHECK(hipHostRegister(packed.data(), packed.size() * sizeof(double), hipHostRegisterDefault));
  int64_t off = 0;
  for (auto& sp : species) {
    Kokkos::View<double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> xs(packed.data() + off, sp.np);
    Kokkos::View<double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> vs(packed.data() + off + sp.np, sp.np);
    Kokkos::deep_copy(xs, sp.x);
    Kokkos::deep_copy(vs, sp.v);
    off += 2 * sp.np;
  }
  std::ofstream out(path, std::ios::binary);
  if (!out) return false;
  CkptHeader h{{'P', 'I', 'C', 'K', 'P', 'T', '0', '1'}, 2, int32_t(species.size()), step, total};
  out.write(reinterpret_cast<const char*>(&h), sizeof(h));
  out.write(reinterpret_cast<const char*>(packed.data()), packed.size() * sizeof(double));
  hipHostUnregister(packed.data());
  return bool(out);
}

int read_checkpoint(const std::string& path, std::vector<Species>& species) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open checkpoint " + path);
  CkptHeader h{};
  in.read(reinterpret_cast<char*>(&h), sizeof(h));
  double* staging = nullptr;
  PIC_HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&staging), h.total * sizeof(double), hipHostMallocDefault));
  in.read(reinterpret_cast<char*>(staging), h.total * sizeof(double));
  if (h.nspecies != int32_t(species.size()))
    throw std::runtime_error("checkpoint has " + std::to_string(h.nspecies) + " species");
  int64_t off = 0;
  for (auto& sp : species) {
    Kokkos::View<double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> xs(staging + off, sp.np);
    Kokkos::View<double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> vs(staging + off + sp.np, sp.np);
    Kokkos::deep_copy(sp.x, xs);
    Kokkos::deep_copy(sp.v, vs);
    off += 2 * sp.np;
  }
  hipHostFree(staging);
  return h.step;
}

}  // namespace pic
