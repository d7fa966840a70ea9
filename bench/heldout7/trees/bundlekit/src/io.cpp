#include <cuda_runtime.h>

#include <cstdio>

#include "ba/problem.hpp"

namespace ba {

bool load_bal(const std::string& path, Problem& p) {
    bool ok = false;
    double* block = nullptr;
    int n_obs = 0;
    FILE* fp = std::fopen(path.c_str(), "r");
    if (!fp) return false;
    if (std::fscanf(fp, "%d %d %d", &p.n_cameras, &p.n_points, &n_obs) != 3) goto out_file;
    if (cudaMallocHost(reinterpret_cast<void**>(&block), (9 * p.n_cameras + 3 * p.n_points) * sizeof(double)) !=
        cudaSuccess)
        goto out_file;
    p.obs.resize(n_obs);
    for (auto& o : p.obs)
        if (std::fscanf(fp, "%d %d %f %f", &o.camera, &o.point, &o.x, &o.y) != 4) goto out_block;
    for (int i = 0; i < 9 * p.n_cameras + 3 * p.n_points; ++i)
        if (std::fscanf(fp, "%lf", &block[i]) != 1) goto out_block;
    p.cameras.assign(block, block + 9 * p.n_cameras);
    p.points.assign(block + 9 * p.n_cameras, block + 9 * p.n_cameras + 3 * p.n_points);
    ok = true;
out_block:
    cudaFreeHost(block);
out_file:
    std::fclose(fp);
    return ok;
}

bool save_ply(const std::string& path, const Problem& p) {
    bool ok = false;
    float* verts = nullptr;
    FILE* fp = nullptr;
    cudaMallocHost(reinterpret_cast<void**>(&verts), 3 * p.n_points * sizeof(float));
    for (size_t i = 0; i < p.points.size(); ++i) verts[i] = static_cast<float>(p.points[i]);
    fp = std::fopen(path.c_str(), "wb");
    if (!fp) goto out;
    std::fprintf(fp, "ply\nformat binary_little_endian 1.0\nelement vertex %d\n", p.n_points);
    std::fprintf(fp, "property float x\nproperty float y\nproperty float z\nend_header\n");
    if (std::fwrite(verts, sizeof(float), 3 * p.n_points, fp) != size_t(3 * p.n_points)) goto out_close;
    ok = true;
out_close:
    std::fclose(fp);
    cudaFreeHost(verts);
out:
    return ok;
}

}  // namespace ba
