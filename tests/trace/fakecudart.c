/* A stand-in for the CUDA runtime, driver and HIP pinning entry points, over malloc: the
 * trace tests and the overhead benchmark run it where there is no GPU. Sizes of 1 TiB or
 * more fail (cudaErrorMemoryAllocation = 2), as a real runtime would. Like the real
 * runtime, cudaHostAlloc is built on the driver: it calls the exported cuMemHostAlloc
 * (through the PLT), which the interposer must forward without recording it twice. */
#include <stdlib.h>

#define TOO_BIG ((size_t)1 << 40)

static int alloc(void **p, size_t n) {
    if (!p) return 1;
    if (n >= TOO_BIG) return 2;
    *p = malloc(n ? n : 1);
    return *p ? 0 : 2;
}
static int release(void *p) { free(p); return 0; }
static int lock(void *p, size_t n) { return p && n < TOO_BIG ? 0 : 1; }

int cudaMallocHost(void **p, size_t n) { return alloc(p, n); }
int cuMemHostAlloc(void **p, size_t n, unsigned f);
int cudaHostAlloc(void **p, size_t n, unsigned f) { return cuMemHostAlloc(p, n, f) ? 2 : 0; }
int cudaFreeHost(void *p) { return release(p); }
int cudaHostRegister(void *p, size_t n, unsigned f) { (void)f; return lock(p, n); }
int cudaHostUnregister(void *p) { return p ? 0 : 1; }
int cuMemAllocHost(void **p, size_t n) { return alloc(p, n); }
int cuMemAllocHost_v2(void **p, size_t n) { return alloc(p, n); }
int cuMemHostAlloc(void **p, size_t n, unsigned f) { (void)f; return alloc(p, n); }
int cuMemFreeHost(void *p) { return release(p); }
int cuMemHostRegister(void *p, size_t n, unsigned f) { (void)f; return lock(p, n); }
int cuMemHostRegister_v2(void *p, size_t n, unsigned f) { (void)f; return lock(p, n); }
int cuMemHostUnregister(void *p) { return p ? 0 : 1; }
int hipHostMalloc(void **p, size_t n, unsigned f) { (void)f; return alloc(p, n); }
int hipHostAlloc(void **p, size_t n, unsigned f) { (void)f; return alloc(p, n); }
int hipMallocHost(void **p, size_t n) { return alloc(p, n); }
int hipHostFree(void *p) { return release(p); }
int hipFreeHost(void *p) { return release(p); }
int hipHostRegister(void *p, size_t n, unsigned f) { (void)f; return lock(p, n); }
int hipHostUnregister(void *p) { return p ? 0 : 1; }
