// Binary vector-field writer: fields are quantised to int16 on the device before writing.
#include <stdexcept>
#include <vector>
#include "piv/hip_check.hpp"
#include "piv/stages.hpp"

namespace piv {

__global__ void quantise(const float* src, int16_t* dst, int n, float scale) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = static_cast<int16_t>(fmaxf(-32767.f, fminf(32767.f, src[i] * scale)));
}

VectorWriter::VectorWriter(const std::string& path, std::size_t max_vectors) {
  out_ = std::fopen(path.c_str(), "wb");
  if (out_ == nullptr) throw std::runtime_error("cannot open " + path);
  PIV_HIP(hipMalloc(&d_src_, 4 * max_vectors * sizeof(float)));
  PIV_HIP(hipMalloc(&d_q_, 4 * max_vectors * sizeof(int16_t)));
  PIV_HIP(hipHostMalloc(reinterpret_cast<void**>(&staging_), 4 * max_vectors * sizeof(float), hipHostMallocDefault));
}

VectorWriter::~VectorWriter() {
  hipFree(d_q_);
  hipFree(d_src_);
  hipHostFree(staging_);
  if (out_ != nullptr) std::fclose(out_);
}

void VectorWriter::write_field(const VectorField& f, hipStream_t stream) {
  const std::size_t n = f.size();
  for (std::size_t i = 0; i < n; ++i) {
    staging_[4 * i] = f.x[i];
    staging_[4 * i + 1] = f.y[i];
    staging_[4 * i + 2] = f.u[i];
    staging_[4 * i + 3] = f.v[i];
  }
  hipMemcpyAsync(d_src_, staging_, 4 * n * sizeof(float), hipMemcpyHostToDevice, stream);
  quantise<<<(static_cast<int>(4 * n) + 255) / 256, 256, 0, stream>>>(d_src_, d_q_, static_cast<int>(4 * n), 16.f);
  int16_t* packed = nullptr;
  PIV_HIP(hipHostMalloc(reinterpret_cast<void**>(&packed), 4 * n * sizeof(int16_t), hipHostMallocDefault));
  hipMemcpyAsync(packed, d_q_, 4 * n * sizeof(int16_t), hipMemcpyDeviceToHost, stream);
  hipStreamSynchronize(stream);
  const int32_t hdr[2] = {f.nx, f.ny};
  std::fwrite(hdr, sizeof(hdr), 1, out_);
  if (std::fwrite(packed, sizeof(int16_t), 4 * n, out_) != 4 * n) {
    throw std::runtime_error("short write on vector file");
  }
  hipHostFree(packed);
}

}  // namespace piv
