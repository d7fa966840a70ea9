#pragma once
#include <string>
#include <vector>

class VelocityModel {
public:
    VelocityModel(const std::string& path, int nx, int nz);
    ~VelocityModel();
    void load_density(const std::string& path);
    const float* host() const { return vel_.data(); }
    float* device() { return d_vel_; }
    int nx() const { return nx_; }
    int nz() const { return nz_; }

private:
    std::vector<float> vel_;
    float* d_vel_ = nullptr;
    float* d_rho_ = nullptr;
    int nx_, nz_;
};
