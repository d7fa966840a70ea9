#pragma once
#include <thrust/device_vector.h>

#include <map>
#include <memory>
#include <vector>

#include "fem/element.hpp"
#include "fem/pinned.hpp"

namespace fem {

class Assembler {
public:
    Assembler(const Mesh& mesh, std::vector<Material> mats);
    void assemble(thrust::device_vector<double>& d_values);
    size_t nnz() const { return nnz_; }

private:
    void colour_elements();
    void scatter_colour(const thrust::device_vector<int>& ids, thrust::device_vector<double>& vals);

    const Mesh& mesh_;
    std::vector<Material> mats_;
    std::map<ElemType, std::unique_ptr<Element>> kinds_;
    std::vector<std::vector<int>> colours_;
    pinned_vector<double> values_;
    size_t nnz_ = 0;
};

}  // namespace fem
