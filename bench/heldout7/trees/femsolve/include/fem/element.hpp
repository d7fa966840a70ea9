#pragma once
#include <memory>
#include <vector>

#include "fem/mesh.hpp"
#include "fem/pinned.hpp"

namespace fem {

struct Material {
    double E, nu;
};

class Element {
public:
    virtual ~Element() = default;
    virtual int dofs() const = 0;
    // writes the element stiffness (dofs x dofs, row-major) into ke
    virtual void stiffness(const Mesh& m, int e, const Material& mat, std::vector<double>& ke) = 0;
};

class Tet4 : public Element {
public:
    int dofs() const override { return 12; }
    void stiffness(const Mesh& m, int e, const Material& mat, std::vector<double>& ke) override;

private:
    PinnedArray<double> B_{6 * 12};
};

class Hex8 : public Element {
public:
    int dofs() const override { return 24; }
    void stiffness(const Mesh& m, int e, const Material& mat, std::vector<double>& ke) override;
};

std::unique_ptr<Element> make_element(ElemType t);

}  // namespace fem
