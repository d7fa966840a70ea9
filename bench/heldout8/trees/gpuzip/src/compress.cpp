#include <cstring>

#include "gz/driver.hpp"
#include "gz/gz.h"

void launch_lz_encode(CUdeviceptr in, size_t n, CUdeviceptr out, CUstream s, size_t* out_n);

extern "C" int64_t gz_compress(gz_context* ctx, const void* in, size_t n, void* out, size_t cap) {
  try {
    gz::HostRegistration reg(const_cast<void*>(in), n);
    CU_TRY(cuMemcpyHtoDAsync(ctx->d_in, in, n, ctx->stream));
    size_t out_n = 0;
    launch_lz_encode(ctx->d_in, n, ctx->d_out, ctx->stream, &out_n);
    if (out_n > cap) return -2;
    CU_TRY(cuMemcpyDtoHAsync(ctx->staging, ctx->d_out, out_n, ctx->stream));
    CU_TRY(cuStreamSynchronize(ctx->stream));
    std::memcpy(out, ctx->staging, out_n);
    return static_cast<int64_t>(out_n);
  } catch (const gz::Error&) {
    return -1;
  }
}

extern "C" int gz_compress_frames(gz_context* ctx, const void* const* frames, const size_t* sizes, int nframes, void* out) {
  char* dst = static_cast<char*>(out);
  for (int f = 0; f < nframes; ++f) {
    void* pinned = nullptr;
    if (cuMemAllocHost(&pinned, sizes[f]) != CUDA_SUCCESS) return -1;
    std::memcpy(pinned, frames[f], sizes[f]);
    cuMemcpyHtoD(ctx->d_in, pinned, sizes[f]);
    size_t out_n = 0;
    launch_lz_encode(ctx->d_in, sizes[f], ctx->d_out, ctx->stream, &out_n);
    cuMemcpyDtoH(dst, ctx->d_out, out_n);
    dst += out_n;
    cuMemFreeHost(pinned);
  }
  return static_cast<int>(dst - static_cast<char*>(out));
}
