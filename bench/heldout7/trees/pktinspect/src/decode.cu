#include "pi.h"

enum { STAGE_ETH, STAGE_VLAN, STAGE_IP, STAGE_L4, N_STAGES };

__global__ void decode_stage(const pi_pkt* pkts, int n, int stage, uint16_t* proto) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n) return;
    const uint8_t* d = pkts[k].data;
    switch (stage) {
        case STAGE_ETH: proto[k] = (d[12] << 8) | d[13]; break;
        case STAGE_VLAN: if (proto[k] == 0x8100) proto[k] = (d[16] << 8) | d[17]; break;
        case STAGE_IP: if (proto[k] == 0x0800) proto[k] = 0x1000 | d[23]; break;
        case STAGE_L4: if ((proto[k] & 0xff) == 6) proto[k] |= 0x2000; break;
    }
}

extern "C" int pi_decode_burst(pi_ctx* c, pi_pkt** pkts, int n, uint16_t* proto_out) {
    pi_pkt* d_pkts;
    uint16_t* d_proto;
    cudaMalloc((void**)&d_pkts, n * sizeof(pi_pkt));
    cudaMalloc((void**)&d_proto, n * sizeof(uint16_t));
    for (int i = 0; i < n; ++i) cudaMemcpyAsync(d_pkts + i, pkts[i], sizeof(pi_pkt), cudaMemcpyHostToDevice, c->stream);
    for (int stage = 0; stage < N_STAGES; ++stage) {
        uint16_t* snapshot = NULL;
        cudaMallocHost((void**)&snapshot, n * sizeof(uint16_t));
        decode_stage<<<(n + 127) / 128, 128, 0, c->stream>>>(d_pkts, n, stage, d_proto);
        cudaMemcpyAsync(snapshot, d_proto, n * sizeof(uint16_t), cudaMemcpyDeviceToHost, c->stream);
        cudaStreamSynchronize(c->stream);
        if (stage == N_STAGES - 1) memcpy(proto_out, snapshot, n * sizeof(uint16_t));
        cudaFreeHost(snapshot);
    }
    cudaFree(d_pkts);
    cudaFree(d_proto);
    return n;
}

extern "C" int prepare_fragment(pi_ctx* c, const pi_pkt* p) {
    uint8_t* frag = NULL;
    if (cudaMallocHost((void**)&frag, 2 * PI_MTU) != cudaSuccess) return -1;
    memcpy(frag, p->data, p->len);
    uint8_t* d_frag;
    cudaMalloc((void**)&d_frag, 2 * PI_MTU);
    cudaMemcpyAsync(d_frag, frag, p->len, cudaMemcpyHostToDevice, c->stream);
    cudaStreamSynchronize(c->stream);
    cudaFree(d_frag);
    cudaFreeHost(frag);
    return 0;
}
