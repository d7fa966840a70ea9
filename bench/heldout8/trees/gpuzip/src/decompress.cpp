#include <cstring>

#include "gz/driver.hpp"
#include "gz/gz.h"

void launch_lz_decode(CUdeviceptr in, size_t n, CUdeviceptr out, CUstream s, size_t* out_n);

extern "C" int64_t gz_decompress(gz_context* ctx, const void* in, size_t n, void* out, size_t cap) {
  try {
    void* bounce = nullptr;
    CU_TRY(cuMemAllocHost(&bounce, cap));
    std::memcpy(ctx->staging, in, n);
    CU_TRY(cuMemcpyHtoDAsync(ctx->d_in, ctx->staging, n, ctx->stream));
    size_t out_n = 0;
    launch_lz_decode(ctx->d_in, n, ctx->d_out, ctx->stream, &out_n);
    CU_TRY(cuMemcpyDtoHAsync(bounce, ctx->d_out, out_n, ctx->stream));
    CU_TRY(cuStreamSynchronize(ctx->stream));
    std::memcpy(out, bounce, out_n);
    cuMemFreeHost(bounce);
    return static_cast<int64_t>(out_n);
  } catch (const gz::Error&) {
    return -1;
  }
}
