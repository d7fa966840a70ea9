#include "pi.h"

static uint64_t* g_keys = NULL;
static size_t g_cap = 0, g_len = 0;

extern "C" int pi_flow_touch(uint64_t key) {
    for (size_t i = 0; i < g_len; ++i)
        if (g_keys[i] == key) return (int)i;
    if (g_len == g_cap) {
        size_t cap = g_cap ? g_cap * 2 : 1024;
        uint64_t* grown = NULL;
        if (cudaMallocHost((void**)&grown, cap * sizeof(uint64_t)) != cudaSuccess) return -1;
        if (g_keys) {
            memcpy(grown, g_keys, g_len * sizeof(uint64_t));
            cudaFreeHost(g_keys);
        }
        g_keys = grown;
        g_cap = cap;
    }
    g_keys[g_len] = key;
    return (int)g_len++;
}
