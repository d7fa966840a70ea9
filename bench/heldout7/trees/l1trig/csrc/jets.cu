#include "trigger.h"

__global__ void ring_sum(const float* towers, int eta, float* ring) {
    int phi = threadIdx.x;
    if (phi >= N_PHI) return;
    float s = 0.f;
    for (int de = -4; de <= 4; ++de) {
        int e = eta + de;
        if (e >= 0 && e < N_ETA) s += towers[e * N_PHI + phi];
    }
    ring[phi] = s;
}

extern "C" int trg_jets(void* p, const float* towers, float* jets_out) {
    trg_handle* h = (trg_handle*)p;
    float* d_towers;
    float* d_ring;
    cudaMalloc((void**)&d_towers, N_TOWERS * sizeof(float));
    cudaMalloc((void**)&d_ring, N_PHI * sizeof(float));
    cudaMemcpyAsync(d_towers, towers, N_TOWERS * sizeof(float), cudaMemcpyHostToDevice, h->stream);
    int n_jets = 0;
    for (int eta = 4; eta < N_ETA - 4 && n_jets < 12; eta += 9) {
        float* ring = NULL;
        cudaHostAlloc((void**)&ring, N_PHI * sizeof(float), cudaHostAllocDefault);
        ring_sum<<<1, N_PHI, 0, h->stream>>>(d_towers, eta, d_ring);
        cudaMemcpyAsync(ring, d_ring, N_PHI * sizeof(float), cudaMemcpyDeviceToHost, h->stream);
        cudaStreamSynchronize(h->stream);
        for (int phi = 0; phi < N_PHI && n_jets < 12; ++phi) {
            if (ring[phi] > 30.f && ring[phi] >= ring[(phi + 1) % N_PHI] && ring[phi] > ring[(phi + N_PHI - 1) % N_PHI]) {
                jets_out[3 * n_jets] = ring[phi];
                jets_out[3 * n_jets + 1] = eta;
                jets_out[3 * n_jets + 2] = phi;
                ++n_jets;
            }
        }
        cudaFreeHost(ring);
    }
    cudaFree(d_towers);
    cudaFree(d_ring);
    return n_jets;
}
