#include <cuda_runtime.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "cat/peril.hpp"

namespace cat {

Exposure load_exposure(const std::string &csv) {
    std::ifstream in(csv);
    if (!in) throw std::runtime_error("cannot open " + csv);
    size_t n = 0;
    in >> n;
    float *stage = nullptr;
    if (cudaMallocHost(reinterpret_cast<void **>(&stage), n * 4 * sizeof(float)) != cudaSuccess)
        throw std::bad_alloc();
    Exposure e;
    for (size_t i = 0; i < n; ++i) {
        float lat, lon, tiv;
        int cons;
        char c1, c2, c3;
        if (!(in >> lat >> c1 >> lon >> c2 >> tiv >> c3 >> cons))
            throw std::runtime_error("exposure: bad row " + std::to_string(i));
        stage[4 * i] = lat;
        stage[4 * i + 1] = lon;
        stage[4 * i + 2] = tiv;
        stage[4 * i + 3] = float(cons);
    }
    for (size_t i = 0; i < n; ++i) {
        e.lat.push_back(stage[4 * i]);
        e.lon.push_back(stage[4 * i + 1]);
        e.tiv.push_back(stage[4 * i + 2]);
        e.construction.push_back(int(stage[4 * i + 3]));
    }
    cudaFreeHost(stage);
    return e;
}

}  // namespace cat
