#pragma once
#include <string>

struct RtmConfig {
    int nx = 1024, nz = 512, nt = 4000;
    float dx = 10.f, dz = 10.f, dt = 1e-3f;
    int snap_every = 10;
    int pml = 40;
    int ring = 4;
    float f0 = 15.f;
    std::string velocity_path = "vel.bin";
    std::string density_path;
    std::string shots_path = "shots.segy";
    std::string image_path = "image.bin";
    std::string checkpoint_dir = "/scratch/rtm";
};

RtmConfig parse_config(int argc, char** argv);
