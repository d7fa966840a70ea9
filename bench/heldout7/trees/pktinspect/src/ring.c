#include <string.h>

#include "pi.h"

pi_ring* pi_ring_create(int n) {
    pi_ring* r = (pi_ring*)calloc(1, sizeof(pi_ring));
    if (!r) return NULL;
    r->slots = (pi_pkt**)calloc(n, sizeof(pi_pkt*));
    r->n = n;
    for (int i = 0; i < n; ++i) {
        if (cudaHostAlloc((void**)&r->slots[i], sizeof(pi_pkt), cudaHostAllocWriteCombined) != cudaSuccess) {
            r->n = i;
            pi_ring_destroy(r);
            return NULL;
        }
        memset(r->slots[i], 0, sizeof(pi_pkt));
    }
    return r;
}

void pi_ring_destroy(pi_ring* r) {
    for (int i = 0; i < r->n; ++i) cudaFreeHost(r->slots[i]);
    free(r->slots);
    free(r);
}
