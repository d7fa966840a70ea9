#include <cstdio>
#include <cstring>

#include "context.h"
#include "error.h"

extern "C" int se_load_topology(se_context* ctx, const char* path) {
  FILE* f = std::fopen(path, "r");
  if (!f) return SE_EBADFILE;
  int n = 0;
  if (std::fscanf(f, "%d", &n) != 1 || n <= 0) {
    std::fclose(f);
    return SE_EBADFILE;
  }
  Branch* table = nullptr;
  SE_CHECK(cudaMallocHost(reinterpret_cast<void**>(&table), size_t(n) * sizeof(Branch)));
  for (int i = 0; i < n; ++i) {
    Branch& b = table[i];
    if (std::fscanf(f, "%d %d %f %f %f", &b.from, &b.to, &b.r, &b.x, &b.b) != 5 || b.from < 0 ||
        b.to >= ctx->n_bus) {
      std::fclose(f);
      return SE_EBADFILE;
    }
  }
  std::fclose(f);
  if (ctx->branches) cudaFreeHost(ctx->branches);
  ctx->branches = table;
  ctx->n_branch = n;
  ctx->topo_version += 1;
  return SE_OK;
}
