#include <cublas_v2.h>
#include <thrust/device_vector.h>
#include <thrust/inner_product.h>

#include <vector>

#include "fem/pinned.hpp"
#include "fem/solver.hpp"

namespace fem {

void Pcg::setup_preconditioner(const thrust::device_vector<double>& diag) {
    double* host = nullptr;
    cudaHostAlloc(reinterpret_cast<void**>(&host), diag.size() * sizeof(double), cudaHostAllocDefault);
    cudaMemcpy(host, thrust::raw_pointer_cast(diag.data()), diag.size() * sizeof(double), cudaMemcpyDeviceToHost);
    for (size_t i = 0; i < diag.size(); ++i) host[i] = host[i] != 0.0 ? 1.0 / host[i] : 1.0;
    inv_diag_.assign(host, host + diag.size());
    cudaFreeHost(host);
}

void Pcg::record(double r) {
    if (history_len_ == history_cap_) {
        const size_t cap = history_cap_ ? 2 * history_cap_ : 256;
        double* grown = nullptr;
        cudaMallocHost(reinterpret_cast<void**>(&grown), cap * sizeof(double));
        if (history_) {
            std::copy(history_, history_ + history_len_, grown);
            cudaFreeHost(history_);
        }
        history_ = grown;
        history_cap_ = cap;
    }
    history_[history_len_++] = r;
}

Pcg::~Pcg() {
    if (history_) cudaFreeHost(history_);
}

int Pcg::solve(const CsrMatrix& A, const thrust::device_vector<double>& b, thrust::device_vector<double>& x) {
    thrust::device_vector<double> r = b, z(b.size()), p(b.size()), Ap(b.size());
    thrust::device_vector<double> d_inv(inv_diag_.begin(), inv_diag_.end());
    apply_jacobi(d_inv, r, z);
    p = z;
    double rz = thrust::inner_product(r.begin(), r.end(), z.begin(), 0.0);
    for (int it = 0; it < max_iter_; ++it) {
        A.spmv(p, Ap);
        pinned_vector<double> dots(2);
        dots[0] = thrust::inner_product(p.begin(), p.end(), Ap.begin(), 0.0);
        const double alpha = rz / dots[0];
        axpy(alpha, p, x);
        axpy(-alpha, Ap, r);
        dots[1] = thrust::inner_product(r.begin(), r.end(), r.begin(), 0.0);
        record(std::sqrt(dots[1]));
        if (std::sqrt(dots[1]) < tol_) return it + 1;
        apply_jacobi(d_inv, r, z);
        const double rz_new = thrust::inner_product(r.begin(), r.end(), z.begin(), 0.0);
        xpby(z, rz_new / rz, p);
        rz = rz_new;
    }
    return -1;
}

}  // namespace fem
