#ifndef SM_INTERNAL_H
#define SM_INTERNAL_H

#include <cufft.h>
#include <stdio.h>

#include "specmon.h"

struct sm_ctx {
    int device;
    int nfft;
    int n_channels;
    double sample_rate;
    double center_hz;
    cudaStream_t stream;
    cufftHandle plan;
    float* window_h;      /* Blackman-Harris taps (host, portable) */
    float* window_d;
    float* psd_d;         /* nfft */
    float* gain_db_d;     /* per-bin calibration, NULL until loaded */
    int recording;
    int rec_fd;
    void* ring;
    size_t ring_bytes;
};

int sm_stage_alloc(void** p, size_t bytes);
void sm_stage_free(void* p);
cufftHandle sm_plan_get(int nfft);

#endif /* SM_INTERNAL_H */
