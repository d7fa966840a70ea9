// Batcher: normalises uint8 image batches on the GPU and streams them to a consumer.
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

#include <cuda_runtime.h>

#include "stagekit/check.hpp"
#include "stagekit/host_buffer.hpp"

namespace stagekit {

__global__ void normalise_kernel(const uint8_t* in, float* out, size_t n, float scale, float bias) {
    size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    if (i < n) out[i] = in[i] * scale + bias;
}

struct BatchSource {
    std::function<bool(uint8_t* dst, size_t bytes)> next;  // fills dst, false at end of epoch
};

class Batcher {
public:
    Batcher(size_t batch_elems, cudaStream_t stream)
        : elems_(batch_elems), stream_(stream), result_(batch_elems) {
        SK_CHECK(cudaMalloc(&d_in_, elems_));
        SK_CHECK(cudaMalloc(&d_out_, elems_ * sizeof(float)));
    }
    ~Batcher() {
        cudaFree(d_in_);
        cudaFree(d_out_);
    }

    // Runs one pass over `src`; `sink` sees each normalised batch in host memory.
    size_t run_epoch(BatchSource& src, const std::function<void(const float*, size_t)>& sink) {
        size_t batches = 0;
        for (;;) {
            PinnedBlock raw(elems_);
            if (!src.next(raw.as<uint8_t>(), elems_)) break;
            SK_CHECK(cudaMemcpyAsync(d_in_, raw.data(), elems_, cudaMemcpyHostToDevice, stream_));
            unsigned blocks = static_cast<unsigned>((elems_ + 255) / 256);
            normalise_kernel<<<blocks, 256, 0, stream_>>>(static_cast<uint8_t*>(d_in_),
                                                          static_cast<float*>(d_out_), elems_,
                                                          1.0f / 127.5f, -1.0f);
            SK_CHECK(cudaMemcpyAsync(result_.data(), d_out_, elems_ * sizeof(float),
                                     cudaMemcpyDeviceToHost, stream_));
            SK_CHECK(cudaStreamSynchronize(stream_));
            sink(result_.data(), elems_);
            ++batches;
        }
        return batches;
    }

private:
    size_t elems_;
    cudaStream_t stream_;
    std::vector<float, PinnedAllocator<float>> result_;
    void* d_in_ = nullptr;
    void* d_out_ = nullptr;
};

}  // namespace stagekit
