#include <ATen/ATen.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <string>

void export_ply_frames(const at::Tensor& xyz, const std::string& path, int64_t frames) {
    const int64_t n = xyz.size(0);
    const size_t bytes = n * 3 * sizeof(float);
    float* host = nullptr;
    cudaMallocHost(reinterpret_cast<void**>(&host), bytes);
    cudaMemcpy(host, xyz.data_ptr<float>(), bytes, cudaMemcpyDeviceToHost);

    for (int64_t f = 0; f < frames; ++f) {
        std::string name = path + "/frame" + std::to_string(f) + ".ply";
        FILE* fp = std::fopen(name.c_str(), "wb");
        if (fp == nullptr) {
            std::fprintf(stderr, "export_ply_frames: cannot open %s\n", name.c_str());
            return;
        }
        std::fprintf(fp, "ply\nformat binary_little_endian 1.0\nelement vertex %lld\n", (long long)n);
        std::fprintf(fp, "property float x\nproperty float y\nproperty float z\nend_header\n");
        std::fwrite(host, 1, bytes, fp);
        std::fclose(fp);
    }
    cudaFreeHost(host);
}
