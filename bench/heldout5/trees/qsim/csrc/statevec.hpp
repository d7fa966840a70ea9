#pragma once
#include <cuComplex.h>
#include <cstdint>
#include <string>

class StateVector {
public:
    explicit StateVector(int n_qubits);
    ~StateVector();
    StateVector(const StateVector&) = delete;
    StateVector& operator=(const StateVector&) = delete;

    void reset();
    void apply_1q(const cuFloatComplex* m, int target);
    void apply_diagonal(const float* phases, int n);
    void download();
    bool snapshot(const std::string& path);
    int load(const std::string& path);

    int n_qubits() const { return n_; }
    size_t dim() const { return size_t(1) << n_; }
    cuFloatComplex* device() { return d_psi_; }
    const cuFloatComplex* host() const { return h_psi_; }

private:
    int n_;
    cuFloatComplex* d_psi_ = nullptr;
    cuFloatComplex* h_psi_ = nullptr;
};
