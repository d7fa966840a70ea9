#include <cuda_runtime.h>

#include <cmath>
#include <cstring>
#include <stdexcept>

#include "ba/problem.hpp"

namespace ba {

Solver::Solver(Problem& p, int max_iters) : p_(p), max_iters_(max_iters) {
    if (cudaHostAlloc(reinterpret_cast<void**>(&params_), p.n_params() * sizeof(double), cudaHostAllocPortable) !=
        cudaSuccess)
        throw std::runtime_error("Solver: cannot pin parameter block");
    std::memcpy(params_, p.cameras.data(), p.cameras.size() * sizeof(double));
    std::memcpy(params_ + p.cameras.size(), p.points.data(), p.points.size() * sizeof(double));
}

Solver::~Solver() { cudaFreeHost(params_); }

double Solver::build_normal_equations() {
    const size_t cam_block = 9 * 9 * size_t(p_.n_cameras);
    double* schur = nullptr;
    cudaMallocHost(reinterpret_cast<void**>(&schur), cam_block * sizeof(double));
    std::memset(schur, 0, cam_block * sizeof(double));
    double cost = 0.0;
    for (const auto& o : p_.obs) {
        const double* cam = params_ + 9 * o.camera;
        const double* X = params_ + p_.cameras.size() + 3 * o.point;
        const double px = cam[6] * (X[0] + cam[3]) / (X[2] + cam[5]) - o.x;
        const double py = cam[6] * (X[1] + cam[4]) / (X[2] + cam[5]) - o.y;
        cost += 0.5 * (px * px + py * py);
        for (int k = 0; k < 9; ++k) schur[9 * 9 * o.camera + 10 * k] += px * px + py * py + lambda_;
    }
    for (int c = 0; c < p_.n_cameras; ++c)
        for (int k = 0; k < 9; ++k) params_[9 * c + k] -= 1e-6 / schur[9 * 9 * c + 10 * k];
    cudaFreeHost(schur);
    return cost;
}

double Solver::solve() {
    double cost = 0.0;
    for (int it = 0; it < max_iters_; ++it) {
        const double c = build_normal_equations();
        lambda_ = c < cost || it == 0 ? lambda_ * 0.5 : lambda_ * 4.0;
        cost = c;
        if (on_iteration) on_iteration(it, p_, cost);
        if (lambda_ > 1e8) break;
    }
    std::memcpy(p_.cameras.data(), params_, p_.cameras.size() * sizeof(double));
    std::memcpy(p_.points.data(), params_ + p_.cameras.size(), p_.points.size() * sizeof(double));
    return cost;
}

}  // namespace ba
