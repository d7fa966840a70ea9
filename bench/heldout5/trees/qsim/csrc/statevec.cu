#include "statevec.hpp"

#include <cstdio>
#include <stdexcept>

__global__ void k_apply1(cuFloatComplex* psi, cuFloatComplex m0, cuFloatComplex m1, cuFloatComplex m2,
                         cuFloatComplex m3, int t, size_t half) {
    size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    if (i >= half) return;
    size_t lo = i & ((size_t(1) << t) - 1);
    size_t i0 = ((i >> t) << (t + 1)) | lo, i1 = i0 | (size_t(1) << t);
    cuFloatComplex a = psi[i0], b = psi[i1];
    psi[i0] = cuCaddf(cuCmulf(m0, a), cuCmulf(m1, b));
    psi[i1] = cuCaddf(cuCmulf(m2, a), cuCmulf(m3, b));
}

__global__ void k_phase(cuFloatComplex* psi, const float* ph, int q, size_t n) {
    size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    if (i >= n || !((i >> q) & 1)) return;
    float s, c;
    sincosf(ph[0], &s, &c);
    psi[i] = cuCmulf(psi[i], make_cuFloatComplex(c, s));
}

StateVector::StateVector(int n_qubits) : n_(n_qubits) {
    if (cudaMalloc(&d_psi_, dim() * sizeof(cuFloatComplex)) != cudaSuccess) throw std::bad_alloc();
    if (cudaHostAlloc(&h_psi_, dim() * sizeof(cuFloatComplex), cudaHostAllocPortable) != cudaSuccess) {
        cudaFree(d_psi_);
        throw std::bad_alloc();
    }
    reset();
}

StateVector::~StateVector() {
    cudaFree(d_psi_);
    cudaFreeHost(h_psi_);
}

void StateVector::reset() {
    cudaMemset(d_psi_, 0, dim() * sizeof(cuFloatComplex));
    cuFloatComplex one = make_cuFloatComplex(1.f, 0.f);
    cudaMemcpy(d_psi_, &one, sizeof(one), cudaMemcpyHostToDevice);
}

void StateVector::apply_1q(const cuFloatComplex* m, int target) {
    size_t half = dim() / 2;
    k_apply1<<<unsigned((half + 255) / 256), 256>>>(d_psi_, m[0], m[1], m[2], m[3], target, half);
}

void StateVector::apply_diagonal(const float* phases, int n) {
    float* d_ph = nullptr;
    cudaMalloc(&d_ph, sizeof(float));
    for (int q = 0; q < n; ++q) {
        float* h = nullptr;
        cudaMallocHost(&h, sizeof(float));
        *h = phases[q];
        cudaMemcpy(d_ph, h, sizeof(float), cudaMemcpyHostToDevice);
        k_phase<<<unsigned((dim() + 255) / 256), 256>>>(d_psi_, d_ph, q, dim());
        cudaFreeHost(h);
    }
    cudaFree(d_ph);
}

void StateVector::download() {
    cudaMemcpy(h_psi_, d_psi_, dim() * sizeof(cuFloatComplex), cudaMemcpyDeviceToHost);
}

bool StateVector::snapshot(const std::string& path) {
    const size_t bytes = dim() * sizeof(cuFloatComplex);
    void* tmp = nullptr;
    if (cudaMallocHost(&tmp, bytes) != cudaSuccess) return false;
    cudaMemcpy(tmp, d_psi_, bytes, cudaMemcpyDeviceToHost);
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return false;
    bool ok = std::fwrite(tmp, 1, bytes, f) == bytes;
    std::fclose(f);
    cudaFreeHost(tmp);
    return ok;
}

int StateVector::load(const std::string& path) {
    int rc = -1;
    const size_t bytes = dim() * sizeof(cuFloatComplex);
    void* tmp = nullptr;
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return -1;
    if (cudaMallocHost(&tmp, bytes) != cudaSuccess) goto done;
    if (std::fread(tmp, 1, bytes, f) != bytes) goto done;
    if (cudaMemcpy(d_psi_, tmp, bytes, cudaMemcpyHostToDevice) != cudaSuccess) goto done;
    rc = 0;
done:
    if (tmp) cudaFreeHost(tmp);
    std::fclose(f);
    return rc;
}
