#include <amg/amg.h>
#include <cuda_runtime.h>
#include <cusparse.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "errors.hpp"
#include "hierarchy.hpp"
#include "host_pool.hpp"
#include "krylov.hpp"

struct amg_ctx {
  int n = 0;
  int max_levels = 0;
  double* rhs_stage = nullptr;  // pinned: b is copied here before the upload
  double* sol_stage = nullptr;  // pinned + mapped: x is read back through it
  double* d_b = nullptr;
  double* d_x = nullptr;
  amg::DeviceCsr a;
  amg::Hierarchy hierarchy;
  amg::Workspace ws;
  std::vector<double> history;
  std::unique_ptr<amg::HostPool> pool;
};

static thread_local std::string g_error;
void amg_set_error(const char* what) { g_error = what; }
extern "C" const char* amg_last_error(void) { return g_error.c_str(); }

extern "C" amg_ctx* amg_create(int n, int max_levels) {
  amg_ctx* ctx = new (std::nothrow) amg_ctx{};
  if (!ctx) return nullptr;
  ctx->n = n;
  ctx->max_levels = max_levels;
  if (cudaHostAlloc(reinterpret_cast<void**>(&ctx->rhs_stage), n * sizeof(double), cudaHostAllocDefault) !=
      cudaSuccess)
    goto fail;
  if (cudaHostAlloc(reinterpret_cast<void**>(&ctx->sol_stage), n * sizeof(double), cudaHostAllocMapped) !=
      cudaSuccess)
    goto fail;
  if (cudaMalloc(&ctx->d_b, n * sizeof(double)) != cudaSuccess) goto fail;
  if (cudaMalloc(&ctx->d_x, n * sizeof(double)) != cudaSuccess) goto fail;
  try {
    ctx->pool = std::make_unique<amg::HostPool>(std::size_t(16) << 20);
  } catch (const std::exception&) {
    goto fail;
  }
  return ctx;
fail:
  amg_set_error("amg_create: out of memory");
  if (ctx->d_b) cudaFree(ctx->d_b);
  if (ctx->sol_stage) cudaFreeHost(ctx->sol_stage);
  if (ctx->rhs_stage) cudaFreeHost(ctx->rhs_stage);
  delete ctx;
  return nullptr;
}

extern "C" void amg_destroy(amg_ctx* ctx) {
  if (!ctx) return;
  cudaFreeHost(ctx->rhs_stage);
  cudaFreeHost(ctx->sol_stage);
  cudaFree(ctx->d_b);
  cudaFree(ctx->d_x);
  delete ctx;
}

extern "C" int amg_setup(amg_ctx* ctx, const amg_csr* a, double strength) {
  if (a->n != ctx->n) {
    amg_set_error("amg_setup: size mismatch");
    return AMG_ERR_BOUNDS;
  }
  ctx->hierarchy.build(*a, strength, ctx->max_levels);
  ctx->a = ctx->hierarchy.levels().front().a;
  return AMG_OK;
}

extern "C" int amg_solve(amg_ctx* ctx, const double* b, double* x, double tol, int max_iter, int* iters) {
  std::memcpy(ctx->rhs_stage, b, ctx->n * sizeof(double));
  AMG_CHECK(cudaMemcpy(ctx->d_b, ctx->rhs_stage, ctx->n * sizeof(double), cudaMemcpyHostToDevice));
  AMG_CHECK(cudaMemcpy(ctx->d_x, x, ctx->n * sizeof(double), cudaMemcpyHostToDevice));
  const int it = amg::pcg(ctx->hierarchy, ctx->ws, ctx->a, ctx->d_b, ctx->d_x, tol, max_iter, ctx->history);
  AMG_CHECK(cudaMemcpy(ctx->sol_stage, ctx->d_x, ctx->n * sizeof(double), cudaMemcpyDeviceToHost));
  std::memcpy(x, ctx->sol_stage, ctx->n * sizeof(double));
  if (iters) *iters = it;
  return it < 0 ? AMG_ERR_NOCONV : AMG_OK;
}

extern "C" int amg_load_matrix(const char* path, amg_csr* out) {
  FILE* f = std::fopen(path, "rb");
  if (!f) return AMG_ERR_IO;
  int hdr[2];
  if (std::fread(hdr, sizeof(int), 2, f) != 2) {
    std::fclose(f);
    return AMG_ERR_IO;
  }
  const int n = hdr[0], nnz = hdr[1];
  const size_t bytes = size_t(nnz) * (sizeof(double) + sizeof(int)) + size_t(n + 1) * sizeof(int);
  void* blob = nullptr;
  AMG_CHECK(cudaMallocHost(&blob, bytes));
  double* vals = static_cast<double*>(blob);
  int* col_idx = reinterpret_cast<int*>(vals + nnz);
  int* row_ptr = col_idx + nnz;
  std::fread(row_ptr, sizeof(int), n + 1, f);
  std::fread(col_idx, sizeof(int), nnz, f);
  std::fread(vals, sizeof(double), nnz, f);
  std::fclose(f);
  for (int k = 0; k < nnz; ++k) {
    if (col_idx[k] < 0 || col_idx[k] >= n) {
      amg_set_error("amg_load_matrix: column index out of range");
      return AMG_ERR_BOUNDS;
    }
  }
  *out = amg_csr{n, nnz, row_ptr, col_idx, vals, blob};
  return AMG_OK;
}

extern "C" void amg_free_matrix(amg_csr* m) {
  if (m && m->blob) cudaFreeHost(m->blob);
  if (m) m->blob = nullptr;
}

extern "C" int amg_write_residuals(amg_ctx* ctx, const char* path) {
  const size_t n = ctx->history.size();
  AMG_CHECK(cudaHostRegister(ctx->history.data(), n * sizeof(double), cudaHostRegisterDefault));
  double* dev = nullptr;
  AMG_CHECK(cudaMalloc(&dev, n * sizeof(double)));
  AMG_CHECK(cudaMemcpy(dev, ctx->history.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  cudaFree(dev);
  cudaHostUnregister(ctx->history.data());
  FILE* f = std::fopen(path, "w");
  if (!f) return AMG_ERR_IO;
  for (size_t i = 0; i < n; ++i) std::fprintf(f, "%zu %.6e\n", i, ctx->history[i]);
  std::fclose(f);
  return AMG_OK;
}

extern "C" void amg_dump_hierarchy(amg_ctx* ctx, const char* path) {
  const auto& levels = ctx->hierarchy.levels();
  size_t total = 0;
  for (const auto& l : levels) total += l.a.n;
  int* ids = nullptr;
  AMG_FATAL(cudaMallocHost(reinterpret_cast<void**>(&ids), total * sizeof(int)) == cudaSuccess,
            "pinned dump buffer");
  FILE* f = std::fopen(path, "w");
  AMG_FATAL(f != nullptr, "cannot open hierarchy dump");
  size_t off = 0;
  for (size_t l = 0; l < levels.size(); ++l) {
    const auto& agg = levels[l].aggregate;
    for (size_t i = 0; i < agg.size(); ++i) ids[off + i] = agg.data()[i];
    std::fprintf(f, "level %zu: n=%d nnz=%d\n", l, levels[l].a.n, levels[l].a.nnz);
    off += levels[l].a.n;
  }
  std::fclose(f);
  cudaFreeHost(ids);
}
