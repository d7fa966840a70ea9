#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "transport.hpp"

namespace aquifer {

struct WellRate {
  std::size_t offset;
  double rate;
  std::vector<double> fraction;
};

// sources.cu
void init_well_table(std::size_t max_wells);
void free_well_table();
void stage_well_rates(double* d_src, const std::vector<WellRate>& wells, cudaStream_t stream);
std::vector<double> sample_cells(const TransportSolver& s, const std::vector<long>& cells, int species);

// io.cu
int read_permeability(const std::string& path, double* d_perm, std::size_t expected);
void write_checkpoint(const std::string& path, const TransportSolver& s);
void write_concentration_vtk(const std::string& path, const TransportSolver& s, int species);

// audit.cu
AuditHook make_mass_audit(double tolerance, std::function<void(int, double)> report);

}  // namespace aquifer
