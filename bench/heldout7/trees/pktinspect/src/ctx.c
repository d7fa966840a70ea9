#include <string.h>

#include "pi.h"

int pi_ctx_init(pi_ctx* c, size_t capture_bytes) {
    memset(c, 0, sizeof(*c));
    c->ring = pi_ring_create(PI_BURST * 4);
    if (!c->ring) return -1;
    c->capture = (uint8_t*)aligned_alloc(4096, capture_bytes);
    c->capture_bytes = capture_bytes;
    if (cudaHostRegister(c->capture, capture_bytes, cudaHostRegisterDefault) != cudaSuccess) {
        free(c->capture);
        pi_ring_destroy(c->ring);
        return -1;
    }
    cudaStreamCreateWithFlags(&c->stream, cudaStreamNonBlocking);
    return 0;
}

void pi_ctx_fini(pi_ctx* c) {
    cudaStreamDestroy(c->stream);
    cudaHostUnregister(c->capture);
    free(c->capture);
    pi_ring_destroy(c->ring);
    if (c->ac) {
        cudaFreeHost(c->ac->go_to);
        free(c->ac);
    }
    cudaFree(c->d_goto);
    cudaFree(c->d_output);
}
