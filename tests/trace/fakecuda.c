/* A stand-in for the CUDA driver as a statically linked runtime sees it: only the
 * cuGetProcAddress lookups are exported, and the pin and release functions are reached
 * through them, so the interposer must wrap what the lookup answers. Over malloc, like
 * fakecudart.c. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int host_alloc(void **p, size_t n, unsigned f) {
    (void)f;
    if (!p) return 1;
    *p = malloc(n ? n : 1);
    return *p ? 0 : 2;
}
static int alloc_host(void **p, size_t n) { return host_alloc(p, n, 0); }
static int free_host(void *p) { free(p); return 0; }
static int host_register(void *p, size_t n, unsigned f) { (void)f; return p && n ? 0 : 1; }
static int host_unregister(void *p) { return p ? 0 : 1; }

static const struct {
    const char *name;
    void *fn;
} table[] = {
    {"cuMemHostAlloc", (void *)host_alloc},     {"cuMemAllocHost", (void *)alloc_host},
    {"cuMemFreeHost", (void *)free_host},       {"cuMemHostRegister", (void *)host_register},
    {"cuMemHostUnregister", (void *)host_unregister},
};

int cuGetProcAddress_v2(const char *name, void **pfn, int version, uint64_t flags, int *status);

int cuGetProcAddress_v2(const char *name, void **pfn, int version, uint64_t flags, int *status) {
    (void)flags;
    /* Asked for itself, the lookup answers its newest version, as the real driver does. */
    if (!strcmp(name, "cuGetProcAddress") && version >= 12000) {
        *pfn = (void *)cuGetProcAddress_v2;
        if (status) *status = 0;
        return 0;
    }
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(name, table[i].name)) {
            *pfn = table[i].fn;
            if (status) *status = 0;
            return 0;
        }
    *pfn = NULL;
    if (status) *status = 1;
    return 500; /* CUDA_ERROR_NOT_FOUND */
}

int cuGetProcAddress(const char *name, void **pfn, int version, uint64_t flags) {
    return cuGetProcAddress_v2(name, pfn, version, flags, NULL);
}
