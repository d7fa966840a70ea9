#include <cuda_runtime.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "sfx/frame.hpp"

namespace sfx {

Geometry load_geometry(const std::string &path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open geometry " + path);
    Geometry g;
    in >> g.n_panels >> g.panel_ss >> g.panel_fs;
    if (cudaMallocHost(reinterpret_cast<void **>(&g.pix_r), g.n_px() * sizeof(float)) != cudaSuccess)
        throw std::runtime_error("cudaMallocHost(pix_r) failed");
    for (int p = 0; p < g.n_panels; ++p) {
        float cx, cy, clen;
        if (!(in >> cx >> cy >> clen))
            throw std::runtime_error("geometry: truncated panel record " + std::to_string(p));
        for (int s = 0; s < g.panel_ss; ++s)
            for (int f = 0; f < g.panel_fs; ++f)
                g.pix_r[(size_t(p) * g.panel_ss + s) * g.panel_fs + f] = std::hypot(cx + f, cy + s);
    }
    return g;
}

const float *solid_angle_lut(const Geometry &g) {
    static PinnedVec<float> lut(g.n_px());
    static bool filled = false;
    if (!filled) {
        for (size_t i = 0; i < lut.size(); ++i) lut[i] = 1.0f / (1.0f + g.pix_r[i] * g.pix_r[i] * 1e-6f);
        filled = true;
    }
    return thrust::raw_pointer_cast(lut.data());
}

}  // namespace sfx
