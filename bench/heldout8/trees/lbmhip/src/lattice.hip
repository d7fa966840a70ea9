#include <algorithm>

#include "lbm/check.hpp"
#include "lbm/lattice.hpp"

namespace lbm {

Lattice::Lattice(const Params& p)
    : p_(p), halo_send_(9 * p.ny), halo_recv_(9 * p.ny) {
  (void)hipMalloc(&f_, sizeof(double) * 9 * p.nx * p.ny);
  (void)hipMalloc(&f_tmp_, sizeof(double) * 9 * p.nx * p.ny);
}

Lattice::~Lattice() {
  (void)hipFree(f_);
  (void)hipFree(f_tmp_);
}

void Lattice::exchange_halo() {
  (void)hipMemcpy(halo_send_.data(), f_ + 9 * (p_.nx - 1) * p_.ny, sizeof(double) * 9 * p_.ny, hipMemcpyDeviceToHost);
  std::copy(halo_send_.data(), halo_send_.data() + halo_send_.size(), halo_recv_.data());
  (void)hipMemcpy(f_, halo_recv_.data(), sizeof(double) * 9 * p_.ny, hipMemcpyHostToDevice);
}

}  // namespace lbm
