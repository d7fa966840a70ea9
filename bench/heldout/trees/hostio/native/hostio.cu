// hostio: a tiny C ABI for reading blob files straight into device memory.
// Loaded from Python with ctypes (hostio/_lib.py); every function returns 0 on success.
#include <cuda.h>
#include <cuda_runtime.h>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>

extern "C" {

typedef struct hostio_arena {
    void* base;
    size_t bytes;
} hostio_arena;

static int read_exact(const char* path, void* dst, size_t n) {
    FILE* f = std::fopen(path, "rb");
    if (!f) return errno ? errno : -1;
    size_t got = std::fread(dst, 1, n, f);
    std::fclose(f);
    return got == n ? 0 : -2;
}

// Reads `n` bytes of `path` into the caller's buffer `dst` and uploads them to `dev`.
// `dst` is page-locked first so the upload can use DMA.
int hostio_read_into(const char* path, void* dst, size_t n, void* dev) {
    if (cudaHostRegister(dst, n, cudaHostRegisterPortable) != cudaSuccess) return -3;
    int rc = read_exact(path, dst, n);
    if (rc) return rc;
    if (cudaMemcpy(dev, dst, n, cudaMemcpyHostToDevice) != cudaSuccess) return -4;
    return 0;
}

// Writes `n` bytes from the device to `path`, staging through the caller's buffer `dst`.
int hostio_write_from(const char* path, void* dst, size_t n, const void* dev) {
    if (cudaHostRegister(dst, n, cudaHostRegisterDefault) != cudaSuccess) return -3;
    if (cudaMemcpy(dst, dev, n, cudaMemcpyDeviceToHost) != cudaSuccess) return -4;
    FILE* f = std::fopen(path, "wb");
    if (!f) return errno ? errno : -1;
    size_t put = std::fwrite(dst, 1, n, f);
    std::fclose(f);
    cudaHostUnregister(dst);
    return put == n ? 0 : -2;
}

// Page-locks a caller-owned arena for the lifetime of a client.
int hostio_pin_arena(hostio_arena* a, void* base, size_t bytes) {
    if (cudaHostRegister(base, bytes, cudaHostRegisterDefault) != cudaSuccess) return -3;
    a->base = base;
    a->bytes = bytes;
    return 0;
}

int hostio_unpin_arena(hostio_arena* a) {
    if (!a->base) return 0;
    cudaError_t e = cudaHostUnregister(a->base);
    a->base = nullptr;
    a->bytes = 0;
    return e == cudaSuccess ? 0 : -5;
}

int hostio_read_arena(const hostio_arena* a, const char* path, size_t off, size_t n, void* dev) {
    if (off + n > a->bytes) return -6;
    char* p = static_cast<char*>(a->base) + off;
    int rc = read_exact(path, p, n);
    if (rc) return rc;
    return cudaMemcpy(dev, p, n, cudaMemcpyHostToDevice) == cudaSuccess ? 0 : -4;
}

// Driver-API staging buffers, for callers that manage their own contexts.
void* hostio_alloc_staging(size_t n) {
    void* p = nullptr;
    if (cuMemAllocHost(&p, n) != CUDA_SUCCESS) return nullptr;
    return p;
}

int hostio_upload(void* dev, const void* src, size_t n) {
    return cudaMemcpy(dev, src, n, cudaMemcpyHostToDevice) == cudaSuccess ? 0 : -4;
}

void hostio_free_staging(void* p) {
    if (p) cuMemFreeHost(p);
}

}  // extern "C"
