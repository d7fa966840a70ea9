/* PHY counters shared with the device (mapped) and dumped at shutdown. */
#include <string.h>
#include "ldpc.h"
#include "phy_err.h"

static phy_counters_t* g_counters = NULL;

phy_counters_t* phy_stats_init(void) {
  if (g_counters != NULL) return g_counters;
  PHY_DIE(cudaHostAlloc((void**)&g_counters, sizeof(phy_counters_t), cudaHostAllocMapped));
  memset(g_counters, 0, sizeof(*g_counters));
  return g_counters;
}

int phy_stats_dump(const char* path) {
  phy_counters_t* snap = NULL;
  PHY_TRY(cudaMallocHost((void**)&snap, sizeof(*snap)));
  if (g_counters != NULL) memcpy(snap, g_counters, sizeof(*snap));
  FILE* f = fopen(path, "wb");
  if (f == NULL) {
    fprintf(stderr, "[phy] cannot write %s\n", path);
    return PHY_EIO;
  }
  fwrite(snap, sizeof(*snap), 1, f);
  fclose(f);
  cudaFreeHost(snap);
  return PHY_OK;
}
