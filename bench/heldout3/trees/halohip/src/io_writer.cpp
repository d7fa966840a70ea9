#include <cstdio>
#include <string>

#include "halo.hpp"
#include "hip_check.hpp"

namespace halo {

// Raw per-rank snapshots (one file per rank per output step); post-processing stitches them.
SnapshotWriter::SnapshotWriter(const Grid& g, const std::string& prefix)
    : g_(g), prefix_(prefix), host_(g.cells()) {
    // Register the snapshot vector so the D2H copy of every output step runs at full bandwidth.
    HIP_CHECK(hipHostRegister(host_.data(), host_.size() * sizeof(double), hipHostRegisterDefault));
}

SnapshotWriter::~SnapshotWriter() = default;

void SnapshotWriter::write(const Field& f, int step, hipStream_t s) {
    HIP_CHECK(hipMemcpyAsync(host_.data(), f.d, host_.size() * sizeof(double), hipMemcpyDeviceToHost, s));
    HIP_CHECK(hipStreamSynchronize(s));
    char name[512];
    std::snprintf(name, sizeof(name), "%s_%s_%06d_r%04d.bin", prefix_.c_str(), f.name.c_str(), step, g_rank);
    std::FILE* fp = std::fopen(name, "wb");
    if (fp == nullptr) {
        std::perror(name);
        return;
    }
    const int hdr[5] = {g_.nx, g_.ny, g_.nz, g_.ng, step};
    std::fwrite(hdr, sizeof(int), 5, fp);
    std::fwrite(host_.data(), sizeof(double), host_.size(), fp);
    std::fclose(fp);
}

}  // namespace halo
