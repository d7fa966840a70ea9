#include <cuda_runtime.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "fem/mesh.hpp"

namespace fem {

Mesh read_mesh(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("read_mesh: cannot open " + path);
    int n_nodes = 0, n_elems = 0;
    in >> n_nodes >> n_elems;

    double* staging = nullptr;
    cudaMallocHost(reinterpret_cast<void**>(&staging), 3 * sizeof(double) * n_nodes);
    for (int i = 0; i < n_nodes; ++i) {
        if (!(in >> staging[3 * i] >> staging[3 * i + 1] >> staging[3 * i + 2]))
            throw std::runtime_error("read_mesh: truncated node block");
    }
    Mesh m;
    m.coords.assign(staging, staging + 3 * n_nodes);
    for (int e = 0; e < n_elems; ++e) {
        int type, mat, nn;
        in >> type >> mat;
        nn = type == 0 ? 4 : 8;
        m.offsets.push_back(static_cast<int>(m.conn.size()));
        for (int k = 0; k < nn; ++k) {
            int v;
            in >> v;
            m.conn.push_back(v);
        }
        m.types.push_back(type == 0 ? ElemType::Tet4 : ElemType::Hex8);
        m.material.push_back(mat);
    }
    cudaFreeHost(staging);
    return m;
}

}  // namespace fem
