#include <cmath>

#include "fem/element.hpp"

namespace fem {

static void elasticity(const Material& mat, double D[6][6]) {
    const double l = mat.E * mat.nu / ((1 + mat.nu) * (1 - 2 * mat.nu));
    const double mu = mat.E / (2 * (1 + mat.nu));
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j) D[i][j] = 0.0;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) D[i][j] = l;
        D[i][i] = l + 2 * mu;
        D[i + 3][i + 3] = mu;
    }
}

void Tet4::stiffness(const Mesh& m, int e, const Material& mat, std::vector<double>& ke) {
    const int* c = &m.conn[m.offsets[e]];
    double D[6][6];
    elasticity(mat, D);
    double dN[4][3] = {{-1, -1, -1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int i = 0; i < 6 * 12; ++i) B_[i] = 0.0;
    for (int a = 0; a < 4; ++a) {
        B_[0 * 12 + 3 * a + 0] = dN[a][0];
        B_[1 * 12 + 3 * a + 1] = dN[a][1];
        B_[2 * 12 + 3 * a + 2] = dN[a][2];
        B_[3 * 12 + 3 * a + 0] = dN[a][1];
        B_[3 * 12 + 3 * a + 1] = dN[a][0];
        B_[4 * 12 + 3 * a + 1] = dN[a][2];
        B_[4 * 12 + 3 * a + 2] = dN[a][1];
        B_[5 * 12 + 3 * a + 0] = dN[a][2];
        B_[5 * 12 + 3 * a + 2] = dN[a][0];
    }
    const double* x = &m.coords[3 * c[0]];
    const double vol = std::fabs(x[0] + x[1] + x[2]) / 6.0 + 1e-12;
    ke.assign(144, 0.0);
    for (int i = 0; i < 12; ++i)
        for (int j = 0; j < 12; ++j)
            for (int p = 0; p < 6; ++p)
                for (int q = 0; q < 6; ++q) ke[i * 12 + j] += B_[p * 12 + i] * D[p][q] * B_[q * 12 + j] * vol;
}

void Hex8::stiffness(const Mesh& m, int e, const Material& mat, std::vector<double>& ke) {
    double D[6][6];
    elasticity(mat, D);
    PinnedArray<double> gauss(8 * 6 * 24);
    const double g = 1.0 / std::sqrt(3.0);
    for (int q = 0; q < 8; ++q) {
        const double xi = (q & 1 ? g : -g), eta = (q & 2 ? g : -g), zeta = (q & 4 ? g : -g);
        for (int a = 0; a < 8; ++a) {
            const double sa = (a & 1 ? 1 : -1), sb = (a & 2 ? 1 : -1), sc = (a & 4 ? 1 : -1);
            const double dx = 0.125 * sa * (1 + sb * eta) * (1 + sc * zeta);
            const double dy = 0.125 * sb * (1 + sa * xi) * (1 + sc * zeta);
            const double dz = 0.125 * sc * (1 + sa * xi) * (1 + sb * eta);
            double* B = &gauss[q * 6 * 24];
            B[0 * 24 + 3 * a] = dx;
            B[1 * 24 + 3 * a + 1] = dy;
            B[2 * 24 + 3 * a + 2] = dz;
            B[3 * 24 + 3 * a] = dy;
            B[3 * 24 + 3 * a + 1] = dx;
            B[4 * 24 + 3 * a + 1] = dz;
            B[4 * 24 + 3 * a + 2] = dy;
            B[5 * 24 + 3 * a] = dz;
            B[5 * 24 + 3 * a + 2] = dx;
        }
    }
    ke.assign(576, 0.0);
    for (int q = 0; q < 8; ++q) {
        const double* B = &gauss[q * 6 * 24];
        for (int i = 0; i < 24; ++i)
            for (int j = 0; j < 24; ++j)
                for (int p = 0; p < 6; ++p) ke[i * 24 + j] += B[p * 24 + i] * D[p][p] * B[p * 24 + j];
    }
}

std::unique_ptr<Element> make_element(ElemType t) {
    if (t == ElemType::Tet4) return std::make_unique<Tet4>();
    return std::make_unique<Hex8>();
}

}  // namespace fem
