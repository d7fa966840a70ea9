#pragma once
#include <string>

#include "pic/types.hpp"

namespace pic {

class Species {
 public:
  Species(std::string name, double charge, double mass, int np, const Grid& grid, double drift);

  void push(const DeviceView<double*>& E, const Grid& grid, double dt);
  void deposit(DeviceView<double*>& rho, const Grid& grid) const;
  void sort_by_cell(const Grid& grid);
  double kinetic_energy() const;
  void stage_to_host();

  std::string name;
  double charge, mass;
  int np;
  DeviceView<double*> x, v;
  PinnedView<double**> host;  // [2][np]: positions and velocities, for checkpoints
};

}  // namespace pic
