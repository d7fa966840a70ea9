#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "fdtd/host_pinned.hpp"

namespace fdtd {

struct Config {
  int nx = 512, ny = 512;
  float dt = 0.5f, dx = 1.0f;
  int steps = 4000;
  int checkpoint_every = 500;
  std::string checkpoint_dir = "ckpt";
  int pml_cells = 16;
};

class Solver;

class Probes {
 public:
  void add(int i, int j) { points_.push_back({i, j}); }
  void record(const Solver& s, int t);
  ~Probes();
  std::vector<float> history;

 private:
  struct Pt { int i, j; };
  std::vector<Pt> points_;
  float* samples_ = nullptr;
};

class GaussianSource {
 public:
  GaussianSource(int i, int j, float t0, float spread) : i_(i), j_(j), t0_(t0), spread_(spread) {}
  void inject(Solver& s, int t);

 private:
  int i_, j_;
  float t0_, spread_;
};

class Pml {
 public:
  Pml(int nx, int ny, int cells);
  ~Pml();

 private:
  float* faces_[6] = {};
  int cells_;
};

class FarField {
 public:
  void accumulate(const Solver& s, int t);
  ~FarField();

 private:
  float* host_ = nullptr;
  size_t cap_ = 0;
};

class Solver {
 public:
  explicit Solver(const Config& cfg);
  ~Solver();
  void run();
  void add_hook(const std::string& name, std::function<void(int)> fn) { hooks_[name] = std::move(fn); }
  float* d_ez() const { return d_ez_; }
  float* d_hx() const { return d_hx_; }
  const Config& cfg() const { return cfg_; }
  Probes& probes() { return probes_; }
  void add_source(GaussianSource s) { sources_.push_back(s); }
  void snapshot_ez();

 private:
  Config cfg_;
  float *d_ez_ = nullptr, *d_hx_ = nullptr, *d_hy_ = nullptr;
  PinnedField<float> ez_host_;
  Probes probes_;
  Pml pml_;
  FarField farfield_;
  std::vector<GaussianSource> sources_;
  std::map<std::string, std::function<void(int)>> hooks_;
};

hipError_t write_checkpoint(Solver& s, const std::string& path);
void read_checkpoint(Solver& s, const std::string& path);

}  // namespace fdtd
