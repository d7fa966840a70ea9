#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_runtime.h>

__global__ void count_tiles(const int64_t* keys, int n, int32_t* counts) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&counts[keys[i] >> 32], 1);
}

at::Tensor tile_sort(const at::Tensor& keys, int64_t num_tiles) {
    const int n = static_cast<int>(keys.numel());
    auto stream = at::cuda::getCurrentCUDAStream();
    auto counts = at::zeros({num_tiles}, keys.options().dtype(at::kInt));
    count_tiles<<<(n + 255) / 256, 256, 0, stream>>>(keys.data_ptr<int64_t>(), n, counts.data_ptr<int32_t>());

    int32_t* h_counts = nullptr;
    cudaHostAlloc(reinterpret_cast<void**>(&h_counts), num_tiles * sizeof(int32_t), cudaHostAllocDefault);
    cudaMemcpyAsync(h_counts, counts.data_ptr<int32_t>(), num_tiles * sizeof(int32_t), cudaMemcpyDeviceToHost,
                    stream);
    cudaStreamSynchronize(stream);

    auto ranges = at::empty({num_tiles, 2}, at::kInt);
    int32_t* r = ranges.data_ptr<int32_t>();
    int32_t acc = 0;
    for (int64_t t = 0; t < num_tiles; ++t) {
        r[2 * t] = acc;
        acc += h_counts[t];
        r[2 * t + 1] = acc;
    }
    cudaFreeHost(h_counts);
    return ranges.to(keys.device(), /*non_blocking=*/false);
}

__global__ void raster_kernel(const float2* means, const float3* conics, const float3* colors, const float* opac,
                              const int2* ranges, const int64_t* order, int w, int h, int tile, float* out,
                              int32_t* overflow) {
    int tx = blockIdx.x, ty = blockIdx.y;
    int px = tx * tile + threadIdx.x, py = ty * tile + threadIdx.y;
    if (px >= w || py >= h) return;
    int2 rg = ranges[ty * gridDim.x + tx];
    float T = 1.f;
    float3 c = make_float3(0.f, 0.f, 0.f);
    for (int k = rg.x; k < rg.y && T > 1e-4f; ++k) {
        int64_t g = order[k];
        float dx = px - means[g].x, dy = py - means[g].y;
        float a = fminf(0.99f, opac[g] * __expf(-0.5f * (conics[g].x * dx * dx + conics[g].z * dy * dy)));
        c.x += T * a * colors[g].x;
        c.y += T * a * colors[g].y;
        c.z += T * a * colors[g].z;
        T *= 1.f - a;
    }
    if (T > 0.5f) atomicAdd(&overflow[ty * gridDim.x + tx], 1);
    out[0 * w * h + py * w + px] = c.x;
    out[1 * w * h + py * w + px] = c.y;
    out[2 * w * h + py * w + px] = c.z;
}

at::Tensor rasterize_forward(const at::Tensor& means2d, const at::Tensor& conics, const at::Tensor& colors,
                             const at::Tensor& opacity, const at::Tensor& ranges, const at::Tensor& order,
                             int64_t width, int64_t height, int64_t tile) {
    static int32_t* s_overflow = nullptr;
    static size_t s_capacity = 0;
    dim3 grid((width + tile - 1) / tile, (height + tile - 1) / tile);
    const size_t tiles = size_t(grid.x) * grid.y;
    if (tiles > s_capacity) {
        if (s_overflow) cudaFreeHost(s_overflow);
        cudaHostAlloc(reinterpret_cast<void**>(&s_overflow), tiles * sizeof(int32_t), cudaHostAllocMapped);
        s_capacity = tiles;
    }
    std::memset(s_overflow, 0, tiles * sizeof(int32_t));
    int32_t* d_overflow = nullptr;
    cudaHostGetDevicePointer(reinterpret_cast<void**>(&d_overflow), s_overflow, 0);
    auto out = at::zeros({3, height, width}, means2d.options());
    raster_kernel<<<grid, dim3(tile, tile), 0, at::cuda::getCurrentCUDAStream()>>>(
        reinterpret_cast<const float2*>(means2d.data_ptr<float>()),
        reinterpret_cast<const float3*>(conics.data_ptr<float>()),
        reinterpret_cast<const float3*>(colors.data_ptr<float>()), opacity.data_ptr<float>(),
        reinterpret_cast<const int2*>(ranges.data_ptr<int32_t>()), order.data_ptr<int64_t>(), int(width),
        int(height), int(tile), out.data_ptr<float>(), d_overflow);
    return out;
}
