#pragma once
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

class Solver;

struct Probe {
  std::string name;
  int axis;
  int i0, j0;
  std::size_t npoints;
};

void read_restart(const std::string& path, double* d_u, std::size_t n);
void write_restart(const std::string& path, const double* d_u, std::size_t n);
void write_probes(Solver& s, const std::vector<Probe>& probes, std::ostream& out, int step);
std::vector<char> load_wisdom(const std::string& path);
