#include <rmm/mr/pinned_host_memory_resource.hpp>

#include <cstdio>

#include "fem/newton.hpp"

namespace fem {

bool Newton::step(double load_factor, thrust::device_vector<double>& u) {
    rmm::mr::pinned_host_memory_resource host_mr;
    const size_t bytes = u.size() * sizeof(double);
    auto* residual = static_cast<double*>(host_mr.allocate(bytes));
    thrust::device_vector<double> vals, du(u.size(), 0.0);
    for (int k = 0; k < max_newton_; ++k) {
        assembler_.assemble(vals);
        CsrMatrix K = pattern_.with_values(vals);
        bcs_.apply(K, load_factor);
        thrust::device_vector<double> rhs = external_force(load_factor);
        K.residual(u, rhs);
        thrust::copy(rhs.begin(), rhs.end(), residual);
        double norm = 0.0;
        for (size_t i = 0; i < u.size(); ++i) norm += residual[i] * residual[i];
        std::printf("  newton %d |r| = %.3e\n", k, std::sqrt(norm));
        if (std::sqrt(norm) < tol_) {
            host_mr.deallocate(residual, bytes);
            return true;
        }
        pcg_.setup_preconditioner(K.diagonal());
        pcg_.solve(K, rhs, du);
        axpy(1.0, du, u);
    }
    host_mr.deallocate(residual, bytes);
    return false;
}

}  // namespace fem
