#include <string.h>

#include "trigger.h"

#define SLOT_BYTES (64 * 1024)

static float* load_lut(const char* path) {
    FILE* fp = fopen(path, "rb");
    TRG_FATAL(fp == NULL, "cannot open calibration LUT");
    float* lut = NULL;
    TRG_FATAL(cudaMallocHost((void**)&lut, N_TOWERS * 16 * sizeof(float)) != cudaSuccess, "pinned LUT");
    TRG_FATAL(fread(lut, sizeof(float), N_TOWERS * 16, fp) != N_TOWERS * 16, "short LUT");
    fclose(fp);
    return lut;
}

extern "C" void* trg_open(const char* lut_path, int slots) {
    trg_handle* h = (trg_handle*)calloc(1, sizeof(trg_handle));
    h->slots = slots;
    h->ring = (unsigned char**)calloc(slots, sizeof(unsigned char*));
    for (int s = 0; s < slots; ++s) {
        if (cudaHostAlloc((void**)&h->ring[s], SLOT_BYTES, cudaHostAllocWriteCombined) != cudaSuccess) {
            for (int k = 0; k < s; ++k) cudaFreeHost(h->ring[k]);
            free(h->ring);
            free(h);
            return NULL;
        }
    }
    h->lut = load_lut(lut_path);
    cudaMalloc((void**)&h->d_lut, N_TOWERS * 16 * sizeof(float));
    cudaMemcpy(h->d_lut, h->lut, N_TOWERS * 16 * sizeof(float), cudaMemcpyHostToDevice);
    cudaStreamCreate(&h->stream);
    return h;
}

extern "C" void trg_close(void* p) {
    trg_handle* h = (trg_handle*)p;
    for (int s = 0; s < h->slots; ++s) cudaFreeHost(h->ring[s]);
    free(h->ring);
    cudaFreeHost(h->lut);
    cudaFree(h->d_lut);
    cudaStreamDestroy(h->stream);
    free(h);
}

__global__ void unpack_kernel(const unsigned char* raw, int n, const float* lut, float* towers) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= N_TOWERS || 2 * t + 1 >= n) return;
    unsigned int word = raw[2 * t] | (raw[2 * t + 1] << 8);
    towers[t] = lut[t * 16 + (word >> 12)] * (word & 0x1ff);
}

extern "C" int trg_unpack(void* p, const unsigned char* raw, int n, float* towers_out) {
    trg_handle* h = (trg_handle*)p;
    unsigned char* slot = h->ring[h->next];
    h->next = (h->next + 1) % h->slots;
    if (n > SLOT_BYTES) return -1;
    memcpy(slot, raw, n);
    float* towers = NULL;
    if (cudaMallocHost((void**)&towers, N_TOWERS * sizeof(float)) != cudaSuccess) return -1;
    unsigned char* d_raw;
    float* d_towers;
    cudaMallocAsync((void**)&d_raw, n, h->stream);
    cudaMallocAsync((void**)&d_towers, N_TOWERS * sizeof(float), h->stream);
    cudaMemcpyAsync(d_raw, slot, n, cudaMemcpyHostToDevice, h->stream);
    unpack_kernel<<<(N_TOWERS + 255) / 256, 256, 0, h->stream>>>(d_raw, n, h->d_lut, d_towers);
    cudaMemcpyAsync(towers, d_towers, N_TOWERS * sizeof(float), cudaMemcpyDeviceToHost, h->stream);
    cudaFreeAsync(d_raw, h->stream);
    cudaFreeAsync(d_towers, h->stream);
    cudaStreamSynchronize(h->stream);
    memcpy(towers_out, towers, N_TOWERS * sizeof(float));
    for (int t = 0; t < N_TOWERS; ++t) h->hist[(int)fminf(towers[t], 255.f)]++;
    cudaFreeHost(towers);
    return N_TOWERS;
}

__global__ void cluster_kernel(const float* towers, float* clusters, int* count) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= N_TOWERS) return;
    int eta = t / N_PHI, phi = t % N_PHI;
    float e = towers[t];
    if (e < 2.f) return;
    for (int de = -1; de <= 1; ++de)
        for (int dp = -1; dp <= 1; ++dp) {
            int ee = eta + de, pp = (phi + dp + N_PHI) % N_PHI;
            if ((de || dp) && ee >= 0 && ee < N_ETA && towers[ee * N_PHI + pp] > e) return;
        }
    int k = atomicAdd(count, 1);
    if (k < 64) {
        clusters[3 * k] = e;
        clusters[3 * k + 1] = eta;
        clusters[3 * k + 2] = phi;
    }
}

extern "C" int trg_cluster(void* p, const float* towers, float* clusters_out) {
    trg_handle* h = (trg_handle*)p;
    float* host = NULL;
    TRG_TRY(cudaMallocHost((void**)&host, (N_TOWERS + 64 * 3 + 1) * sizeof(float)));
    memcpy(host, towers, N_TOWERS * sizeof(float));
    float *d_towers, *d_clusters;
    int* d_count;
    TRG_TRY(cudaMalloc((void**)&d_towers, N_TOWERS * sizeof(float)));
    TRG_TRY(cudaMalloc((void**)&d_clusters, 64 * 3 * sizeof(float)));
    TRG_TRY(cudaMalloc((void**)&d_count, sizeof(int)));
    cudaMemsetAsync(d_count, 0, sizeof(int), h->stream);
    cudaMemcpyAsync(d_towers, host, N_TOWERS * sizeof(float), cudaMemcpyHostToDevice, h->stream);
    cluster_kernel<<<(N_TOWERS + 255) / 256, 256, 0, h->stream>>>(d_towers, d_clusters, d_count);
    TRG_TRY(cudaGetLastError());
    cudaMemcpyAsync(host + N_TOWERS, d_clusters, 64 * 3 * sizeof(float), cudaMemcpyDeviceToHost, h->stream);
    TRG_TRY(cudaStreamSynchronize(h->stream));
    memcpy(clusters_out, host + N_TOWERS, 64 * 3 * sizeof(float));
    cudaFree(d_towers);
    cudaFree(d_clusters);
    cudaFree(d_count);
    cudaFreeHost(host);
    return 0;
}

extern "C" int trg_dump_histograms(void* p, const char* path) {
    trg_handle* h = (trg_handle*)p;
    int rc = -1;
    unsigned int* snap = NULL;
    FILE* fp = NULL;
    if (cudaMallocHost((void**)&snap, sizeof(h->hist)) != cudaSuccess) return -1;
    memcpy(snap, h->hist, sizeof(h->hist));
    fp = fopen(path, "w");
    if (fp == NULL) goto cleanup;
    for (int b = 0; b < 256; ++b)
        if (fprintf(fp, "%d %u\n", b, snap[b]) < 0) goto cleanup;
    rc = 0;
cleanup:
    if (fp) fclose(fp);
    cudaFreeHost(snap);
    return rc;
}
