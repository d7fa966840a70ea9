#pragma once
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "sphflow/host_block.hpp"
#include "sphflow/kernel.hpp"

namespace sph {

class Boundary;
class ProbeSet;
class Checkpointer;

struct SolverConfig {
  std::string geometry;
  std::string kernel = "wendland";
  float dx = 0.005f, dt = 1e-5f;
  int ring_depth = 3;
  std::vector<std::array<float, 3>> probes;
};

class Solver {
 public:
  explicit Solver(const SolverConfig& cfg);
  ~Solver();
  void step();
  std::vector<float> snapshot();
  std::vector<float> sample_probes();
  std::vector<float> pressure();
  void write_vtk(const std::string& path);
  void write_restart(const std::string& path);
  int n() const { return ps_.n; }

 private:
  SolverConfig cfg_;
  Particles ps_;
  cudaStream_t stream_;
  std::unique_ptr<Kernel> kernel_;
  std::unique_ptr<Boundary> boundary_;
  std::unique_ptr<ProbeSet> probes_;
  std::unique_ptr<Checkpointer> ckpt_;
  std::vector<HostBlock<float>> ring_;
  long step_ = 0;
};

bool load_geometry(const std::string& path, Particles& ps, std::vector<float>& walls);

}  // namespace sph
