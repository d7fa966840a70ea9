#include <ATen/ATen.h>
#include <cuda_runtime.h>
#include <torch/library.h>

at::Tensor tile_sort(const at::Tensor& keys, int64_t num_tiles);
at::Tensor rasterize_forward(const at::Tensor& means2d, const at::Tensor& conics, const at::Tensor& colors,
                             const at::Tensor& opacity, const at::Tensor& ranges, const at::Tensor& order,
                             int64_t width, int64_t height, int64_t tile);
void export_ply_frames(const at::Tensor& xyz, const std::string& path, int64_t frames);

static float* g_sh_table = nullptr;
static size_t g_sh_bytes = 0;

void load_sh_table(const at::Tensor& coeffs) {
    TORCH_CHECK(coeffs.is_contiguous() && coeffs.scalar_type() == at::kFloat, "sh table must be contiguous float");
    if (g_sh_table != nullptr) {
        cudaFreeHost(g_sh_table);
        g_sh_table = nullptr;
    }
    g_sh_bytes = coeffs.numel() * sizeof(float);
    cudaMallocHost(reinterpret_cast<void**>(&g_sh_table), g_sh_bytes);
    std::memcpy(g_sh_table, coeffs.data_ptr<float>(), g_sh_bytes);
}

void free_sh_table() {
    if (g_sh_table != nullptr) cudaFreeHost(g_sh_table);
    g_sh_table = nullptr;
    g_sh_bytes = 0;
}

TORCH_LIBRARY(splat, m) {
    m.def("tile_sort(Tensor keys, int num_tiles) -> Tensor");
    m.def("rasterize_forward(Tensor means2d, Tensor conics, Tensor colors, Tensor opacity, Tensor ranges, "
          "Tensor order, int width, int height, int tile) -> Tensor");
    m.def("load_sh_table(Tensor coeffs) -> ()");
    m.def("free_sh_table() -> ()");
    m.def("export_ply_frames(Tensor xyz, str path, int frames) -> ()");
}

TORCH_LIBRARY_IMPL(splat, CUDA, m) {
    m.impl("tile_sort", &tile_sort);
    m.impl("rasterize_forward", &rasterize_forward);
    m.impl("export_ply_frames", &export_ply_frames);
}

TORCH_LIBRARY_IMPL(splat, CPU, m) {
    m.impl("load_sh_table", &load_sh_table);
    m.impl("free_sh_table", &free_sh_table);
}
