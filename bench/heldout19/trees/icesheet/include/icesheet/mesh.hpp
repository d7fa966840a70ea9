#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace icesheet {

struct Mesh {
  std::size_t n_nodes = 0;
  std::size_t n_elems = 0;
  std::vector<int> elems;          // three node ids per triangle
  std::vector<double> x, y;        // node coordinates (m, polar stereographic)
  std::vector<int> basin_of_node;  // drainage basin id per node
  int n_basins = 0;
};

struct State {
  std::vector<double> u, v;        // depth-averaged velocity (m/a)
  std::vector<double> thickness;   // ice thickness (m)
  std::vector<double> beta2;       // basal friction coefficient
  int iteration = 0;
  double residual = 0.0;
};

Mesh load_mesh(const std::string& path);

}  // namespace icesheet
