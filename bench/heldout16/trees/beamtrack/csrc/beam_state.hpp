#pragma once
#include <cstddef>

#include <cuda_runtime.h>

#include "pinned.hpp"

namespace bt {

class BeamState {
 public:
  explicit BeamState(std::size_t n);
  ~BeamState();
  BeamState(const BeamState&) = delete;
  BeamState& operator=(const BeamState&) = delete;

  std::size_t size() const { return n_; }
  cudaStream_t stream() const { return stream_; }
  double* coords() { return d_coords_; }
  const int* lost_device() const { return d_lost_ids_; }

  void upload(const double* pageable, std::size_t n);
  void upload_pinned(const double* pinned);
  void download(double* host) const;
  PinnedVec<double> snapshot() const;
  int n_lost() const;
  void lost_ids(int* out) const;
  void apply_aperture(double r2);
  void max_amplitude(double* out4);
  double* line_density(int n_bins);

 private:
  std::size_t n_;
  double* d_coords_ = nullptr;
  int* d_alive_ = nullptr;
  int* d_lost_ids_ = nullptr;
  int* d_n_lost_ = nullptr;
  double* d_hist_ = nullptr;
  PinnedVec<double> h_amax_;
  PinnedVec<int> h_count_;
  cudaStream_t stream_{};
};

void drift(BeamState& s, double length);
void thin_multipole(BeamState& s, int order, double kl);
void rf_kick(BeamState& s, double volt_mv, double phase, int harmonic);
void sc_kick(BeamState& s, const double* d_table, int n_bins, double strength);
void solve_space_charge(BeamState& s, int n_slices, double perveance);
void upload_lattice_tables(BeamState& s, const double* k1, std::size_t n);
int load_aperture_model(BeamState& s, const char* path, double* r2_out);
int export_losses(const BeamState& s, const char* path);

}  // namespace bt
