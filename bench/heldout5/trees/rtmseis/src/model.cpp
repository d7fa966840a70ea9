#include "model.hpp"

#include <fstream>
#include <stdexcept>

#include "hip_check.hpp"

VelocityModel::VelocityModel(const std::string& path, int nx, int nz) : vel_(size_t(nx) * nz), nx_(nx), nz_(nz) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read velocity model " + path);
    in.read(reinterpret_cast<char*>(vel_.data()), vel_.size() * sizeof(float));
    HIP_ABORT(hipHostRegister(vel_.data(), vel_.size() * sizeof(float), hipHostRegisterDefault));
    HIP_ABORT(hipMalloc(&d_vel_, vel_.size() * sizeof(float)));
    HIP_ABORT(hipMemcpy(d_vel_, vel_.data(), vel_.size() * sizeof(float), hipMemcpyHostToDevice));
}

VelocityModel::~VelocityModel() {
    (void)hipHostUnregister(vel_.data());
    (void)hipFree(d_vel_);
    if (d_rho_) (void)hipFree(d_rho_);
}

void VelocityModel::load_density(const std::string& path) {
    const size_t bytes = size_t(nx_) * nz_ * sizeof(float);
    float* h = nullptr;
    HIP_ABORT(hipHostMalloc(reinterpret_cast<void**>(&h), bytes, hipHostMallocDefault));
    std::ifstream in(path, std::ios::binary);
    in.read(reinterpret_cast<char*>(h), bytes);
    HIP_ABORT(hipMalloc(&d_rho_, bytes));
    HIP_ABORT(hipMemcpy(d_rho_, h, bytes, hipMemcpyHostToDevice));
    HIP_ABORT(hipHostFree(h));
}
