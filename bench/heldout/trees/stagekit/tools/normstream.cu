// normstream: reads raw uint8 frames from stdin, normalises them on the GPU and writes
// float32 frames to stdout. Frame size is given in bytes on the command line.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>

#include "stagekit/check.hpp"
#include "stagekit/host_buffer.hpp"

// Unity build: the Batcher lives in one translation unit with its kernel.
#include "../src/batcher.cu"

using namespace stagekit;

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: normstream FRAME_BYTES FRAMES_PER_BATCH\n");
        return 2;
    }
    const size_t frame = std::strtoull(argv[1], nullptr, 10);
    const size_t per_batch = std::strtoull(argv[2], nullptr, 10);
    const size_t batch = frame * per_batch;

    cudaStream_t stream;
    SK_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

    // One read-ahead area for stdin, reused for the whole run.
    PinnedBlock readahead(batch * 2);
    size_t have = 0, off = 0;

    BatchSource src;
    src.next = [&](uint8_t* dst, size_t bytes) {
        if (have - off < bytes) {
            std::memmove(readahead.as<uint8_t>(), readahead.as<uint8_t>() + off, have - off);
            have -= off;
            off = 0;
            have += std::fread(readahead.as<uint8_t>() + have, 1, readahead.size() - have, stdin);
            if (have < bytes) return false;
        }
        std::memcpy(dst, readahead.as<uint8_t>() + off, bytes);
        off += bytes;
        return true;
    };

    Batcher batcher(batch, stream);
    size_t n = batcher.run_epoch(src, [](const float* data, size_t elems) {
        std::fwrite(data, sizeof(float), elems, stdout);
    });
    std::fprintf(stderr, "normstream: %zu batches\n", n);
    cudaStreamDestroy(stream);
    return 0;
}
