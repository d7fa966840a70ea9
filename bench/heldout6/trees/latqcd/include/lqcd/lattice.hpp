#pragma once
#include <array>
#include <cstddef>
#include <string>
#include "host_field.hpp"

namespace lqcd {

struct Lattice {
  std::array<int, 4> L;
  std::size_t volume() const { return static_cast<std::size_t>(L[0]) * L[1] * L[2] * L[3]; }
};

// SU(3) links: 4 directions x 9 complex entries per site (18 doubles).
class GaugeField {
 public:
  explicit GaugeField(const Lattice& lat);
  ~GaugeField();
  bool read_ildg(const std::string& path);
  double* device() { return d_links_; }
  const Lattice& lattice() const { return lat_; }
  void upload();

 private:
  Lattice lat_;
  HostField<double> links_;
  double* d_links_ = nullptr;
};

}  // namespace lqcd
