#include "config.hpp"

#include <cstdlib>
#include <cstring>
#include <iostream>

static bool take(const char* a, const char* name, int& i, int argc, char** argv, std::string& out) {
    if (std::strcmp(a, name) != 0 || i + 1 >= argc) return false;
    out = argv[++i];
    return true;
}

RtmConfig parse_config(int argc, char** argv) {
    RtmConfig c;
    for (int i = 1; i < argc; ++i) {
        std::string v;
        if (take(argv[i], "--nx", i, argc, argv, v)) c.nx = std::atoi(v.c_str());
        else if (take(argv[i], "--nz", i, argc, argv, v)) c.nz = std::atoi(v.c_str());
        else if (take(argv[i], "--nt", i, argc, argv, v)) c.nt = std::atoi(v.c_str());
        else if (take(argv[i], "--snap", i, argc, argv, v)) c.snap_every = std::atoi(v.c_str());
        else if (take(argv[i], "--vel", i, argc, argv, v)) c.velocity_path = v;
        else if (take(argv[i], "--rho", i, argc, argv, v)) c.density_path = v;
        else if (take(argv[i], "--shots", i, argc, argv, v)) c.shots_path = v;
        else if (take(argv[i], "--image", i, argc, argv, v)) c.image_path = v;
        else if (take(argv[i], "--ckpt", i, argc, argv, v)) c.checkpoint_dir = v;
        else if (take(argv[i], "--f0", i, argc, argv, v)) c.f0 = float(std::atof(v.c_str()));
        else std::cerr << "ignoring argument " << argv[i] << "\n";
    }
    return c;
}
