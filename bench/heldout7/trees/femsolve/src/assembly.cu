#include <thrust/device_vector.h>

#include <map>
#include <vector>

#include "fem/assembly.hpp"

namespace fem {

Assembler::Assembler(const Mesh& mesh, std::vector<Material> mats) : mesh_(mesh), mats_(std::move(mats)) {
    kinds_[ElemType::Tet4] = make_element(ElemType::Tet4);
    kinds_[ElemType::Hex8] = make_element(ElemType::Hex8);
    nnz_ = 0;
    for (int e = 0; e < mesh.n_elems(); ++e) {
        const int d = kinds_[mesh.types[e]]->dofs();
        nnz_ += static_cast<size_t>(d) * d;
    }
    values_.resize(nnz_);
    colour_elements();
}

void Assembler::colour_elements() {
    std::vector<int> last_colour(mesh_.n_nodes(), -1);
    for (int e = 0; e < mesh_.n_elems(); ++e) {
        int c = 0;
        const int nn = mesh_.types[e] == ElemType::Tet4 ? 4 : 8;
        for (int k = 0; k < nn; ++k) c = std::max(c, last_colour[mesh_.conn[mesh_.offsets[e] + k]] + 1);
        if (c >= static_cast<int>(colours_.size())) colours_.resize(c + 1);
        colours_[c].push_back(e);
        for (int k = 0; k < nn; ++k) last_colour[mesh_.conn[mesh_.offsets[e] + k]] = c;
    }
}

void Assembler::assemble(thrust::device_vector<double>& d_values) {
    std::vector<double> ke;
    size_t pos = 0;
    for (int e = 0; e < mesh_.n_elems(); ++e) {
        Element* el = kinds_[mesh_.types[e]].get();
        el->stiffness(mesh_, e, mats_[mesh_.material[e]], ke);
        std::copy(ke.begin(), ke.end(), values_.begin() + pos);
        pos += ke.size();
    }
    d_values = values_;
    for (const auto& colour : colours_) {
        pinned_vector<int> ids(colour.begin(), colour.end());
        thrust::device_vector<int> d_ids = ids;
        scatter_colour(d_ids, d_values);
    }
}

}  // namespace fem
