// A native loader that pins a staging buffer per step (needs a CUDA GPU). nvcc links the
// CUDA runtime statically by default, so the runtime reaches the driver through
// cuGetProcAddress, not through a dynamic symbol: `ghosttax trace` wraps what that lookup
// answers.
//
//   nvcc -g -o staging staging.cu
//   ghosttax trace -- ./staging 8          # 8 MiB per step
//   ghosttax check --trace ghosttax-trace.json staging.cu
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
}

// Pinned per step and freed: the driver pins and unpins 10 times.
static double per_step(void *dev, size_t n, int steps) {
    double sum = 0;
    for (int step = 0; step < steps; ++step) {
        void *staging = nullptr;
        check(cudaHostAlloc(&staging, n, cudaHostAllocDefault), "staging");  // PIN:per-step
        std::memset(staging, step, n);
        check(cudaMemcpy(dev, staging, n, cudaMemcpyHostToDevice), "copy");
        sum += static_cast<unsigned char *>(staging)[n - 1];
        check(cudaFreeHost(staging), "free");
    }
    return sum;
}

// The fix: one pinned buffer, reused every step.
static double pooled(void *dev, size_t n, int steps) {
    void *pool = nullptr;
    check(cudaMallocHost(&pool, n), "pool");  // PIN:pool
    double sum = 0;
    for (int step = 0; step < steps; ++step) {
        std::memset(pool, step, n);
        check(cudaMemcpy(dev, pool, n, cudaMemcpyHostToDevice), "copy");
        sum += static_cast<unsigned char *>(pool)[0];
    }
    check(cudaFreeHost(pool), "free pool");
    return sum;
}

int main(int argc, char **argv) {
    size_t mib = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 8;
    size_t n = mib << 20;
    void *dev = nullptr;
    check(cudaMalloc(&dev, n), "cudaMalloc");
    double a = per_step(dev, n, 10);
    double b = pooled(dev, n, 10);
    // Registered and never unregistered: still pinned when the vector frees its memory.
    std::vector<char> host(n / 2);
    check(cudaHostRegister(host.data(), host.size(), cudaHostRegisterDefault), "register");  // PIN:register
    check(cudaMemcpy(dev, host.data(), host.size(), cudaMemcpyHostToDevice), "copy");
    check(cudaFree(dev), "cudaFree");
    std::printf("staging done: %zu MiB x 10 steps, sums %.0f %.0f\n", mib, a, b);
    return 0;
}
