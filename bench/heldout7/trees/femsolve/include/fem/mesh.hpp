#pragma once
#include <string>
#include <vector>

namespace fem {

enum class ElemType { Tet4, Hex8 };

struct Mesh {
    std::vector<double> coords;          // 3 * n_nodes
    std::vector<int> conn;               // nodes per element, flattened
    std::vector<int> offsets;            // element -> conn offset
    std::vector<ElemType> types;
    std::vector<int> material;
    int n_nodes() const { return static_cast<int>(coords.size() / 3); }
    int n_elems() const { return static_cast<int>(types.size()); }
};

Mesh read_mesh(const std::string& path);

}  // namespace fem
