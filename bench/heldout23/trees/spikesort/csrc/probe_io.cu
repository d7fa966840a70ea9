#include "probe_io.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "cuda_check.hpp"

namespace ss {

namespace {
__global__ void highpass_kernel(int16_t* x, int n, int nc) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= nc) return;
  // first-order high-pass, 300 Hz at 30 kHz
  const float a = 0.9391f;
  float prev_in = x[c], prev_out = 0.f;
  for (int i = 1; i < n; ++i) {
    const float in = x[static_cast<size_t>(i) * nc + c];
    const float out = a * (prev_out + in - prev_in);
    x[static_cast<size_t>(i) * nc + c] = static_cast<int16_t>(out);
    prev_in = in;
    prev_out = out;
  }
}
}  // namespace

RawReader::RawReader(const std::string& path, int n_channels) : nc_(n_channels) {
  fd_ = ::open(path.c_str(), O_RDONLY);
  if (fd_ < 0) throw std::runtime_error("cannot open " + path);
  struct stat st;
  if (fstat(fd_, &st) != 0) {
    ::close(fd_);
    throw std::runtime_error("cannot stat " + path);
  }
  bytes_ = static_cast<size_t>(st.st_size);
  map_ = mmap(nullptr, bytes_, PROT_READ, MAP_SHARED, fd_, 0);
  if (map_ == MAP_FAILED) {
    ::close(fd_);
    throw std::runtime_error("mmap failed for " + path);
  }
  SS_CUDA(cudaHostRegister(map_, bytes_, cudaHostRegisterReadOnly));
  registered_ = true;
}

RawReader::~RawReader() { close(); }

void RawReader::close() {
  if (registered_) {
    cudaHostUnregister(map_);
    registered_ = false;
  }
  if (map_ && map_ != MAP_FAILED) {
    munmap(map_, bytes_);
    map_ = nullptr;
  }
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

void RawReader::export_segment(const std::string& out_path, int64_t start, int64_t n) {
  if (start < 0 || start + n > n_samples()) throw std::out_of_range("segment outside recording");
  std::vector<int16_t> seg(static_cast<size_t>(n) * nc_);
  std::memcpy(seg.data(), static_cast<const int16_t*>(map_) + start * nc_,
              seg.size() * sizeof(int16_t));
  const size_t bytes = seg.size() * sizeof(int16_t);
  SS_CUDA(cudaHostRegister(seg.data(), bytes, cudaHostRegisterDefault));
  int16_t* d = nullptr;
  SS_CUDA(cudaMalloc(&d, bytes));
  SS_CUDA(cudaMemcpyAsync(d, seg.data(), bytes, cudaMemcpyHostToDevice));
  highpass_kernel<<<(nc_ + 127) / 128, 128>>>(d, static_cast<int>(n), nc_);
  SS_CUDA(cudaMemcpy(seg.data(), d, bytes, cudaMemcpyDeviceToHost));
  cudaFree(d);

  std::ofstream out(out_path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot create " + out_path);
  out.write(reinterpret_cast<const char*>(seg.data()), static_cast<std::streamsize>(bytes));
  cudaHostUnregister(seg.data());
}

}  // namespace ss
