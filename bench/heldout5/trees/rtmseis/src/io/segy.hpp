#pragma once
#include <cstdint>
#include <string>
#include <vector>

struct SegyShot {
    int sx = 0, sz = 0;
    int nrec = 0, nt = 0;
    std::vector<float> data;
};

int read_traces(const std::string& path, int shot, SegyShot& out);
int write_image(const std::string& path, const float* d_image, int nx, int nz);
