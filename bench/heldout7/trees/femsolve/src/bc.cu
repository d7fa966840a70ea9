#include <cuda_runtime.h>

#include <stdexcept>
#include <vector>

#include "fem/bc.hpp"

namespace fem {

DirichletSet::DirichletSet(const std::vector<int>& dofs, const std::vector<double>& values) : n_(dofs.size()) {
    if (cudaHostAlloc(reinterpret_cast<void**>(&host_), n_ * (sizeof(int) + sizeof(double)),
                      cudaHostAllocMapped) != cudaSuccess)
        throw std::runtime_error("DirichletSet: pinned allocation failed");
    int* ids = reinterpret_cast<int*>(host_);
    double* vals = reinterpret_cast<double*>(host_ + n_ * sizeof(int));
    for (size_t i = 0; i < n_; ++i) {
        ids[i] = dofs[i];
        vals[i] = values[i];
    }
    cudaHostGetDevicePointer(reinterpret_cast<void**>(&dev_), host_, 0);
}

DirichletSet::~DirichletSet() { cudaFreeHost(host_); }

void DirichletSet::apply(CsrMatrix& K, double factor) { K.constrain_mapped(dev_, n_, factor); }

}  // namespace fem
