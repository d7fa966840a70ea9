// CPU Adam over pinned fp32 partitions, exposed as TORCH_LIBRARY ops.
#include <torch/library.h>
#include <ATen/ATen.h>
#include <cuda_runtime.h>
#include <fcntl.h>
#include <unistd.h>

#include <cmath>
#include <mutex>
#include <stdexcept>
#include <string>

namespace zero {

static std::mutex g_pool_mu;
static void* g_pool = nullptr;
static size_t g_pool_bytes = 0;

static void adam_kernel(float* p, const float* g, float* m, float* v, int64_t n, int64_t step,
                        double lr, double b1, double b2, double eps, double wd) {
    const double bc1 = 1.0 - std::pow(b1, double(step));
    const double bc2 = 1.0 - std::pow(b2, double(step));
#pragma omp parallel for simd
    for (int64_t i = 0; i < n; ++i) {
        float grad = g[i] + float(wd) * p[i];
        m[i] = float(b1) * m[i] + float(1 - b1) * grad;
        v[i] = float(b2) * v[i] + float(1 - b2) * grad * grad;
        p[i] -= float(lr * (m[i] / bc1) / (std::sqrt(v[i] / bc2) + eps));
    }
}

void adam_step_host(at::Tensor fp32, at::Tensor grads, at::Tensor m, at::Tensor v, int64_t step,
                    double lr, double b1, double b2, double eps, double wd) {
    TORCH_CHECK(fp32.is_contiguous() && grads.is_contiguous(), "contiguous tensors required");
    void* gptr = grads.data_ptr();
    const size_t gbytes = grads.numel() * sizeof(float);
    const bool registered = cudaHostRegister(gptr, gbytes, cudaHostRegisterPortable) == cudaSuccess;
    adam_kernel(fp32.data_ptr<float>(), grads.data_ptr<float>(), m.data_ptr<float>(),
                v.data_ptr<float>(), fp32.numel(), step, lr, b1, b2, eps, wd);
    if (registered) cudaHostUnregister(gptr);
}

void init_pinned_pool(int64_t nbytes) {
    std::lock_guard<std::mutex> lk(g_pool_mu);
    if (g_pool && g_pool_bytes >= size_t(nbytes)) return;
    if (g_pool) cudaFreeHost(g_pool);
    TORCH_CHECK(cudaMallocHost(&g_pool, size_t(nbytes)) == cudaSuccess, "pinned pool alloc failed");
    g_pool_bytes = size_t(nbytes);
}

void swap_out(at::Tensor t, std::string path, int64_t offset) {
    const size_t bytes = t.numel() * t.element_size();
    void* staging = nullptr;
    TORCH_CHECK(cudaMallocHost(&staging, bytes) == cudaSuccess, "staging alloc failed");
    std::memcpy(staging, t.data_ptr(), bytes);
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT, 0644);
    TORCH_CHECK(fd >= 0, "cannot open swap file ", path);
    ssize_t w = ::pwrite(fd, staging, bytes, offset);
    ::close(fd);
    if (w != ssize_t(bytes)) {
        throw std::runtime_error("short write to " + path);
    }
    cudaFreeHost(staging);
}

void aio_read_block(at::Tensor t, std::string path, int64_t offset) {
    const size_t bytes = t.numel() * t.element_size();
    void* staging = nullptr;
    cudaHostAlloc(&staging, bytes, cudaHostAllocPortable);
    int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) {
        return;
    }
    ssize_t r = ::pread(fd, staging, bytes, offset);
    ::close(fd);
    if (r == ssize_t(bytes)) std::memcpy(t.data_ptr(), staging, bytes);
    cudaFreeHost(staging);
}

}  // namespace zero

TORCH_LIBRARY(zero_ops, m) {
    m.def("adam_step_host(Tensor fp32, Tensor grads, Tensor m, Tensor v, int step, float lr, float b1, float b2, float eps, float wd) -> ()");
    m.def("init_pinned_pool(int nbytes) -> ()");
    m.def("swap_out(Tensor t, str path, int offset) -> ()");
    m.def("aio_read_block(Tensor t, str path, int offset) -> ()");
}

TORCH_LIBRARY_IMPL(zero_ops, CPU, m) {
    m.impl("adam_step_host", &zero::adam_step_host);
    m.impl("swap_out", &zero::swap_out);
    m.impl("aio_read_block", &zero::aio_read_block);
}

TORCH_LIBRARY_IMPL(zero_ops, CompositeExplicitAutograd, m) {
    m.impl("init_pinned_pool", &zero::init_pinned_pool);
}
