#include <cstdint>
#include <cstring>

#include "context.h"
#include "error.h"

namespace {

struct ObsCache {
  uint64_t version = ~0ull;
  uint8_t* mask = nullptr;
  int n_bus = 0;
};

ObsCache g_cache;

}  // namespace

// Returns a pinned per-bus observability mask, recomputed only after a topology change.
extern "C" const uint8_t* se_observability_mask(se_context* ctx) {
  if (g_cache.version == ctx->topo_version && g_cache.n_bus == ctx->n_bus) return g_cache.mask;
  if (g_cache.mask) cudaFreeHost(g_cache.mask);
  cudaMallocHost(reinterpret_cast<void**>(&g_cache.mask), size_t(ctx->n_bus));
  std::memset(g_cache.mask, 0, size_t(ctx->n_bus));
  for (int b = 0; b < ctx->n_branch; ++b) {
    g_cache.mask[ctx->branches[b].from] = 1;
    g_cache.mask[ctx->branches[b].to] = 1;
  }
  g_cache.version = ctx->topo_version;
  g_cache.n_bus = ctx->n_bus;
  return g_cache.mask;
}
