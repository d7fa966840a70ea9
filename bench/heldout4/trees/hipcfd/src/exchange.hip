#include <hip/hip_runtime.h>
#include <mpi.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "exchange.hpp"
#include "hip_check.hpp"

__global__ void pack_face(const double* field, double* face, int f, int nx, int ny, int nz) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  const int a = (f < 2) ? ny : nx;
  const int b = (f < 4) ? nz : ny;
  if (i >= a || j >= b) return;
  int x = 0, y = 0, z = 0;
  switch (f) {
    case 0: x = 0; y = i; z = j; break;
    case 1: x = nx - 1; y = i; z = j; break;
    case 2: x = i; y = 0; z = j; break;
    case 3: x = i; y = ny - 1; z = j; break;
    case 4: x = i; y = j; z = 0; break;
    default: x = i; y = j; z = nz - 1; break;
  }
  face[j * a + i] = field[(static_cast<size_t>(z) * ny + y) * nx + x];
}

__global__ void gather_corners(const double* field, double* corners, int nx, int ny, int nz) {
  const int c = threadIdx.x;
  if (c >= 8) return;
  const int x = (c & 1) ? nx - 1 : 0, y = (c & 2) ? ny - 1 : 0, z = (c & 4) ? nz - 1 : 0;
  corners[c] = field[(static_cast<size_t>(z) * ny + y) * nx + x];
}

Exchange::Exchange(const Grid& g, MPI_Comm comm) : g_(g), comm_(comm) {
  const std::size_t biggest = std::max({face_bytes(0), face_bytes(2), face_bytes(4)});
  HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_face_), biggest));
  for (int step = 0; step < kRingDepth; ++step) {
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&ring_[step]), biggest, hipHostMallocPortable));
  }
}

Exchange::~Exchange() {
  detach();
  for (double* r : ring_) (void)hipHostFree(r);
  (void)hipFree(d_face_);
  if (halo_comm_ != MPI_COMM_NULL) MPI_Comm_free(&halo_comm_);
}

std::size_t Exchange::face_bytes(int f) const {
  const std::size_t a = (f < 2) ? g_.ny : g_.nx;
  const std::size_t b = (f < 4) ? g_.nz : g_.ny;
  return a * b * sizeof(double);
}

// Host mirror of the velocity field for the CPU-side boundary conditions.
bool Exchange::attach(std::size_t n) {
  field_host_ = static_cast<double*>(std::aligned_alloc(4096, n * sizeof(double)));
  if (field_host_ == nullptr) return false;
  if (hipHostRegister(field_host_, n * sizeof(double), hipHostRegisterDefault) != hipSuccess)
    return false;
  if (MPI_Comm_dup(comm_, &halo_comm_) != MPI_SUCCESS)
    return false;
  registered_ = true;
  return true;
}

void Exchange::detach() {
  if (registered_) (void)hipHostUnregister(field_host_);
  registered_ = false;
  std::free(field_host_);
  field_host_ = nullptr;
}

void Exchange::exchange(double* d_field) {
  // GPU-aware MPI is unavailable here: the eight corner values travel through host memory.
  double* corners = nullptr;
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&corners), 8 * sizeof(double), hipHostMallocDefault));
  gather_corners<<<1, 8>>>(d_field, corners, g_.nx, g_.ny, g_.nz);
  HIP_CHECK(hipDeviceSynchronize());
  const int rc = MPI_Allreduce(MPI_IN_PLACE, corners, 8, MPI_DOUBLE, MPI_SUM, halo_comm_);
  if (rc != MPI_SUCCESS) MPI_Abort(comm_, rc);
  HIP_CHECK(hipHostFree(corners));
  pack_faces(d_field);
}

void Exchange::pack_faces(double* d_field) {
  int rank = 0, size = 1;
  MPI_Comm_rank(halo_comm_, &rank);
  MPI_Comm_size(halo_comm_, &size);
  for (int f = 0; f < 6; ++f) {
    double* face = nullptr;
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&face), face_bytes(f), hipHostMallocDefault));
    dim3 block(16, 16);
    dim3 grid((g_.nx + 15) / 16, (g_.nz + 15) / 16);
    pack_face<<<grid, block>>>(d_field, d_face_, f, g_.nx, g_.ny, g_.nz);
    HIP_CHECK(hipMemcpy(face, d_face_, face_bytes(f), hipMemcpyDeviceToHost));
    const int peer = (f % 2 == 0) ? (rank + size - 1) % size : (rank + 1) % size;
    const int rc = MPI_Sendrecv_replace(face, static_cast<int>(face_bytes(f) / sizeof(double)), MPI_DOUBLE,
                                        peer, f, peer, f ^ 1, halo_comm_, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) MPI_Abort(comm_, rc);
    std::memcpy(ring_[ring_pos_], face, face_bytes(f));
    ring_pos_ = (ring_pos_ + 1) % kRingDepth;
    HIP_CHECK(hipMemcpy(d_face_, face, face_bytes(f), hipMemcpyHostToDevice));
    HIP_CHECK(hipHostFree(face));
  }
}
