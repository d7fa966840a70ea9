#include <cstdio>
#include <stdexcept>

#include "checkpoint.cuh"

namespace sph {

Checkpointer::Checkpointer(size_t n_floats) : bytes_(n_floats * sizeof(float)) {
  buf_ = static_cast<float*>(mr_.allocate(bytes_));
}

Checkpointer::~Checkpointer() { mr_.deallocate(buf_, bytes_); }

void Checkpointer::write_restart(const std::string& path, const Particles& ps, cudaStream_t s) {
  float* vel = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&vel), static_cast<size_t>(ps.n) * 3 * sizeof(float));
  try {
    cudaMemcpyAsync(buf_, ps.pos, ps.n * 3 * sizeof(float), cudaMemcpyDeviceToHost, s);
    cudaMemcpyAsync(vel, ps.vel, ps.n * 3 * sizeof(float), cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    std::FILE* fp = std::fopen(path.c_str(), "wb");
    if (!fp) throw std::runtime_error("cannot write restart " + path);
    std::fwrite(buf_, sizeof(float), ps.n * 3, fp);
    std::fwrite(vel, sizeof(float), ps.n * 3, fp);
    std::fclose(fp);
  } catch (...) {
    cudaFreeHost(vel);
    throw;
  }
  cudaFreeHost(vel);
}

}  // namespace sph
