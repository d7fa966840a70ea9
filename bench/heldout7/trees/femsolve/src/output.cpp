#include <cuda_runtime.h>

#include <cstdio>
#include <string>

#include "fem/output.hpp"
#include "fem/pinned.hpp"

namespace fem {

bool write_reactions(const std::string& path, const thrust::device_vector<double>& f, int step) {
    double* host = nullptr;
    cudaMallocHost(reinterpret_cast<void**>(&host), f.size() * sizeof(double));
    cudaMemcpy(host, thrust::raw_pointer_cast(f.data()), f.size() * sizeof(double), cudaMemcpyDeviceToHost);
    FILE* fp = std::fopen((path + "/reactions_" + std::to_string(step) + ".csv").c_str(), "w");
    if (!fp) return false;
    for (size_t i = 0; i < f.size(); i += 3) std::fprintf(fp, "%zu,%g,%g,%g\n", i / 3, host[i], host[i + 1], host[i + 2]);
    std::fclose(fp);
    cudaFreeHost(host);
    return true;
}

bool write_vtu(const std::string& path, const Mesh& mesh, const thrust::device_vector<double>& u) {
    auto host = make_pinned_unique<double>(u.size());
    cudaMemcpy(host.get(), thrust::raw_pointer_cast(u.data()), u.size() * sizeof(double), cudaMemcpyDeviceToHost);
    FILE* fp = std::fopen(path.c_str(), "w");
    if (!fp) return false;
    std::fprintf(fp, "<VTKFile type=\"UnstructuredGrid\"><UnstructuredGrid><Piece NumberOfPoints=\"%d\">\n",
                 mesh.n_nodes());
    for (int i = 0; i < mesh.n_nodes(); ++i)
        std::fprintf(fp, "%g %g %g\n", mesh.coords[3 * i] + host[3 * i], mesh.coords[3 * i + 1] + host[3 * i + 1],
                     mesh.coords[3 * i + 2] + host[3 * i + 2]);
    std::fprintf(fp, "</Piece></UnstructuredGrid></VTKFile>\n");
    std::fclose(fp);
    return true;
}

}  // namespace fem
