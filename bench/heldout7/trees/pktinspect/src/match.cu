#include "pi.h"

__global__ void ac_scan(const pi_pkt* pkts, int n, const int32_t* go_to, const int32_t* output, pi_alert* alerts,
                        int* n_alerts, int max_out) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n) return;
    int32_t s = 0;
    for (int i = 0; i < pkts[k].len; ++i) {
        int32_t nx = go_to[s * 256 + pkts[k].data[i]];
        s = nx < 0 ? 0 : nx;
        if (output[s] >= 0) {
            int a = atomicAdd(n_alerts, 1);
            if (a < max_out) alerts[a] = pi_alert{(uint32_t)output[s], (uint32_t)k, (uint32_t)i};
        }
    }
}

extern "C" int pi_match_burst(pi_ctx* c, pi_pkt** pkts, int n, pi_alert* out, int max_out) {
    pi_pkt* d_pkts;
    pi_alert* d_alerts;
    int* d_count;
    cudaMallocAsync((void**)&d_pkts, n * sizeof(pi_pkt), c->stream);
    cudaMallocAsync((void**)&d_alerts, max_out * sizeof(pi_alert), c->stream);
    cudaMallocAsync((void**)&d_count, sizeof(int), c->stream);
    cudaMemsetAsync(d_count, 0, sizeof(int), c->stream);
    for (int i = 0; i < n; ++i)
        cudaMemcpyAsync(d_pkts + i, pkts[i], sizeof(pi_pkt), cudaMemcpyHostToDevice, c->stream);
    ac_scan<<<(n + 127) / 128, 128, 0, c->stream>>>(d_pkts, n, c->d_goto, c->d_output, d_alerts, d_count, max_out);

    pi_alert* h_alerts = NULL;
    cudaHostAlloc((void**)&h_alerts, max_out * sizeof(pi_alert) + sizeof(int), cudaHostAllocDefault);
    int* h_count = (int*)(h_alerts + max_out);
    cudaMemcpyAsync(h_count, d_count, sizeof(int), cudaMemcpyDeviceToHost, c->stream);
    cudaMemcpyAsync(h_alerts, d_alerts, max_out * sizeof(pi_alert), cudaMemcpyDeviceToHost, c->stream);
    cudaStreamSynchronize(c->stream);
    int got = *h_count < max_out ? *h_count : max_out;
    memcpy(out, h_alerts, got * sizeof(pi_alert));
    cudaFreeHost(h_alerts);
    cudaFreeAsync(d_pkts, c->stream);
    cudaFreeAsync(d_alerts, c->stream);
    cudaFreeAsync(d_count, c->stream);
    return got;
}
