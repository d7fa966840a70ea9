#include "checkpoint.hpp"

#include <cstdio>
#include <cstring>

#include "hip_check.hpp"
#include "pinned.hpp"
#include "wavefield.hpp"

void Checkpointer::save(const Wavefield& wf, int it) {
    const size_t n = size_t(nx_) * nz_;
    PinnedHost<float> stage(n);
    std::memcpy(stage.data(), wf.snapshot().data(), n * sizeof(float));
    FILE* f = std::fopen(path(it).c_str(), "wb");
    if (!f) return;
    std::fwrite(stage.data(), sizeof(float), n, f);
    std::fclose(f);
    saved_.push_back(it);
}

int Checkpointer::restore_all(std::vector<std::vector<float>>& out) const {
    const size_t n = size_t(nx_) * nz_;
    out.clear();
    for (int it : saved_) {
        float* h = nullptr;
        if (hipHostMalloc(reinterpret_cast<void**>(&h), n * sizeof(float), hipHostMallocDefault) != hipSuccess)
            return -1;
        FILE* f = std::fopen(path(it).c_str(), "rb");
        if (f) {
            size_t got = std::fread(h, sizeof(float), n, f);
            std::fclose(f);
            out.emplace_back(h, h + got);
        }
        hipHostFree(h);
    }
    return int(out.size());
}
