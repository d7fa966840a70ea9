#pragma once
#include <string>

namespace lbm {
struct Params {
  int nx = 512, ny = 256, nz = 1;
  double tau = 0.6;
  double u_in = 0.05;
  int steps = 20000;
  int vtk_every = 500;
  int ckpt_every = 5000;
  int restart_slots = 4;
  std::string geometry = "geom/cylinder.mask";
  std::string out_dir = "out";
};
Params parse_args(int argc, char** argv);
}  // namespace lbm
