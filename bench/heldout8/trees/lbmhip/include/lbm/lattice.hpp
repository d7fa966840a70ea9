#pragma once
#include <Kokkos_Core.hpp>

#include "lbm/config.hpp"
#include "lbm/host_buffer.hpp"

namespace lbm {

using FieldView = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HIPHostPinnedSpace>;

class Lattice {
 public:
  explicit Lattice(const Params& p);
  ~Lattice();
  void collide_stream(int step);
  void init_moments(int step);
  void exchange_halo();
  double* f() { return f_; }
  const Params& params() const { return p_; }

 private:
  Params p_;
  double* f_ = nullptr;
  double* f_tmp_ = nullptr;
  HostBuffer<double> halo_send_;
  HostBuffer<double> halo_recv_;
};

class Boundary {
 public:
  explicit Boundary(Lattice& lat) : lat_(lat) {}
  void apply_inlet(int step);

 private:
  Lattice& lat_;
};

class Diagnostics {
 public:
  explicit Diagnostics(const Params& p);
  double vorticity(const Lattice& lat, int step);
  FieldView& field() { return field_; }

 private:
  FieldView field_;
};

}  // namespace lbm
