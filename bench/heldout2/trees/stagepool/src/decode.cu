#include <numeric>

#include "stagepool/stagepool.h"

namespace stagepool {

namespace {
constexpr std::size_t kHeaderBytes = 4096;
constexpr std::size_t kMaxChunk = 16u << 20;
constexpr int kBlocks = 256;

__global__ void inflate_kernel(const uint8_t* in, std::size_t n, uint8_t* out) {
  for (std::size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    out[2 * i] = in[i] >> 4;
    out[2 * i + 1] = in[i] & 0xF;
  }
}

__global__ void sum_kernel(const uint8_t* in, std::size_t n, uint32_t* partial) {
  __shared__ uint32_t acc;
  if (threadIdx.x == 0) acc = 0;
  __syncthreads();
  uint32_t local = 0;
  for (std::size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) local += in[i];
  atomicAdd(&acc, local);
  __syncthreads();
  if (threadIdx.x == 0) partial[blockIdx.x] = acc;
}
}  // namespace

Decoder::Decoder() : header_(kHeaderBytes) {
  cudaStreamCreate(&s_);
  cudaMalloc(&d_in_, kMaxChunk);
  cudaMalloc(&d_out_, 2 * kMaxChunk);
  cudaMalloc(&d_partial_, kBlocks * sizeof(uint32_t));
}

Decoder::~Decoder() {
  cudaFree(d_in_);
  cudaFree(d_out_);
  cudaFree(d_partial_);
  cudaStreamDestroy(s_);
}

void Decoder::decode_all(const std::vector<Chunk>& chunks, std::vector<std::vector<uint8_t>>& out) {
  out.resize(chunks.size());
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const Chunk& c = chunks[i];
    HostBlock scratch(c.decoded_bytes);
    cudaMemcpyAsync(d_in_, c.data, c.bytes, cudaMemcpyHostToDevice, s_);
    inflate_kernel<<<kBlocks, 256, 0, s_>>>(d_in_, c.bytes, d_out_);
    cudaMemcpyAsync(scratch.data(), d_out_, c.decoded_bytes, cudaMemcpyDeviceToHost, s_);
    cudaStreamSynchronize(s_);
    const uint8_t* p = static_cast<const uint8_t*>(scratch.data());
    out[i].assign(p, p + c.decoded_bytes);
  }
}

void Decoder::checksums(const std::vector<Chunk>& chunks, std::vector<uint32_t>& sums) {
  sums.clear();
  for (const Chunk& c : chunks) {
    pinned_vector<uint32_t> partial(kBlocks);
    cudaMemcpyAsync(d_in_, c.data, c.bytes, cudaMemcpyHostToDevice, s_);
    sum_kernel<<<kBlocks, 256, 0, s_>>>(d_in_, c.bytes, d_partial_);
    cudaMemcpyAsync(partial.data(), d_partial_, kBlocks * sizeof(uint32_t), cudaMemcpyDeviceToHost, s_);
    cudaStreamSynchronize(s_);
    sums.push_back(std::accumulate(partial.begin(), partial.end(), 0u));
  }
}

}  // namespace stagepool
