/* Pins that reach the runtime through run-time lookups, as a statically linked CUDA
 * runtime, CuPy or ctypes do: dlsym on a library handle opened RTLD_LOCAL, and the
 * driver's cuGetProcAddress_v2 (through staticrt.c). Usage: lookup LIBFAKECUDART
 * LIBFAKECUDA. Built with -g; figures counted by hand in tests/trace.rs. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

extern const char *__cudart_driver_path;
int __cudart_host_alloc(void **p, size_t n);
int __cudart_free_host(void *p);
int __cudart_host_register(void *p, size_t n);
int __cudart_host_unregister(void *p);

typedef int (*alloc_t)(void **, size_t);
typedef int (*release_t)(void *);

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    void *rt = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!rt) return 3;
    alloc_t alloc = (alloc_t)dlsym(rt, "cudaMallocHost");
    release_t release = (release_t)dlsym(rt, "cudaFreeHost");
    if (!alloc || !release) return 4;
    for (int i = 0; i < 5; i++) {
        void *p;
        if (alloc(&p, 4096)) return 5; /* SITE:handle-pin */
        release(p);                    /* SITE:handle-free */
    }

    __cudart_driver_path = argv[2];
    for (int i = 0; i < 6; i++) {
        void *p;
        if (__cudart_host_alloc(&p, 8192)) return 6; /* SITE:static-pin */
        if (i % 2) __cudart_free_host(p);           /* SITE:static-free */
    }
    char *buf = malloc(1 << 16);
    __cudart_host_register(buf, 1 << 16); /* SITE:static-register */

    /* RTLD_NEXT answers relative to the caller, here the program: the next definition of
     * _exit after it is the same one the global lookup finds (the interposer's, under the
     * trace; libc's without it). */
    int next_ok = dlsym(RTLD_NEXT, "_exit") == dlsym(RTLD_DEFAULT, "_exit");
    printf("lookup done, RTLD_NEXT %s\n", next_ok ? "relative to the caller" : "WRONG");
    return next_ok ? 0 : 7;
}
