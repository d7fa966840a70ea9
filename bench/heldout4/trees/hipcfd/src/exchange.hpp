#pragma once
#include <mpi.h>

#include <array>
#include <cstddef>

struct Grid {
  int nx, ny, nz;
  double dx;
};

class Exchange {
 public:
  static constexpr int kRingDepth = 4;

  Exchange(const Grid& g, MPI_Comm comm);
  ~Exchange();
  bool attach(std::size_t n);
  void detach();
  void exchange(double* d_field);

 private:
  void pack_faces(double* d_field);
  std::size_t face_bytes(int f) const;

  Grid g_;
  MPI_Comm comm_;
  MPI_Comm halo_comm_ = MPI_COMM_NULL;
  double* field_host_ = nullptr;
  bool registered_ = false;
  double* d_face_ = nullptr;
  std::array<double*, kRingDepth> ring_{};
  int ring_pos_ = 0;
};
