/* A statically linked CUDA runtime in miniature, built into the program without debug
 * information: it opens the driver itself and asks cuGetProcAddress for its functions,
 * so none of its pins goes through a dynamic symbol. Its functions are named like the
 * real runtime's internals (`__cudart*`, CUDA 13's `libcudart_static_<hash>`), whose
 * frames the trace skips. */
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

const char *__cudart_driver_path;

typedef int (*gpa_t)(const char *, void **, int, uint64_t, int *);
static int (*host_alloc)(void **, size_t, unsigned);
static int (*free_host)(void *);
static int (*host_register)(void *, size_t, unsigned);
static int (*host_unregister)(void *);

static int __cudart_init(void) {
    if (host_alloc) return 0;
    void *driver = dlopen(__cudart_driver_path, RTLD_NOW | RTLD_LOCAL);
    if (!driver) return 3;
    /* As CUDA 13's static runtime does: the first version of the lookup is found with
     * dlsym, then asked for its newest version, which finds everything else. */
    typedef int (*gpa1_t)(const char *, void **, int, uint64_t);
    gpa1_t first = (gpa1_t)dlsym(driver, "cuGetProcAddress");
    gpa_t gpa = NULL;
    if (!first || first("cuGetProcAddress", (void **)&gpa, 12000, 0) || !gpa) return 3;
    int status;
    gpa("cuMemHostAlloc", (void **)&host_alloc, 12000, 0, &status);
    gpa("cuMemFreeHost", (void **)&free_host, 12000, 0, &status);
    gpa("cuMemHostRegister", (void **)&host_register, 12000, 0, &status);
    gpa("cuMemHostUnregister", (void **)&host_unregister, 12000, 0, &status);
    return host_alloc && free_host && host_register && host_unregister ? 0 : 3;
}

/* Counted after the call, so each entry keeps its frame (no tail call), as the real
 * runtime's layers do. */
static volatile int calls;

__attribute__((noinline)) int libcudart_static_5e1f0c2a(void **p, size_t n) {
    int r = host_alloc(p, n, 0);
    calls++;
    return r;
}

__attribute__((noinline)) int __cudart_host_alloc(void **p, size_t n) {
    int r = __cudart_init() ? 3 : libcudart_static_5e1f0c2a(p, n);
    calls++;
    return r;
}
__attribute__((noinline)) int __cudart_free_host(void *p) {
    int r = __cudart_init() ? 3 : free_host(p);
    calls++;
    return r;
}
__attribute__((noinline)) int __cudart_host_register(void *p, size_t n) {
    int r = __cudart_init() ? 3 : host_register(p, n, 0);
    calls++;
    return r;
}
__attribute__((noinline)) int __cudart_host_unregister(void *p) {
    int r = __cudart_init() ? 3 : host_unregister(p);
    calls++;
    return r;
}
