#include <cstdint>

#include <cuda.h>

#include "common.h"
#include "reads.h"

struct KmerTable {
  size_t slots;
  uint64_t* keys;     /* portable page-locked table, shared by all contexts */
  uint32_t* counts;
};

extern "C" KmerTable* kt_create(size_t slots) {
  KmerTable* kt = static_cast<KmerTable*>(calloc(1, sizeof(KmerTable)));
  kt->slots = slots;
  void* block = nullptr;
  if (cuMemHostAlloc(&block, slots * (sizeof(uint64_t) + sizeof(uint32_t)), CU_MEMHOSTALLOC_PORTABLE) !=
      CUDA_SUCCESS) {
    free(kt);
    return nullptr;
  }
  kt->keys = static_cast<uint64_t*>(block);
  kt->counts = reinterpret_cast<uint32_t*>(kt->keys + slots);
  return kt;
}

extern "C" void kt_destroy(KmerTable* kt) {
  if (!kt) return;
  cuMemFreeHost(kt->keys);
  free(kt);
}

static void* prepare_scratch(size_t bytes) {
  void* p = nullptr;
  if (cuMemAllocHost(&p, bytes) != CUDA_SUCCESS) return nullptr;
  return p;
}

/* Canonical 31-mers of the chunk are hashed on the host into the shared table. */
extern "C" int kt_merge_chunk(KmerTable* kt, const ReadChunk* c) {
  uint64_t* scratch = static_cast<uint64_t*>(prepare_scratch(c->len * sizeof(uint64_t)));
  if (!scratch) return -1;
  size_t n = 0;
  for (size_t r = 0; r < c->n_reads; ++r) {
    const char* s = c->seq + c->offsets[r];
    uint64_t code = 0;
    for (int j = 0; s[j] && s[j] != '\n'; ++j) {
      code = ((code << 2) | ((s[j] >> 1) & 3)) & ((1ull << 62) - 1);
      if (j >= 30) scratch[n++] = code;
    }
  }
  for (size_t i = 0; i < n; ++i) {
    size_t h = (scratch[i] * 0x9E3779B97F4A7C15ull) % kt->slots;
    while (kt->keys[h] && kt->keys[h] != scratch[i]) h = (h + 1) % kt->slots;
    kt->keys[h] = scratch[i];
    kt->counts[h]++;
  }
  cuMemFreeHost(scratch);
  return 0;
}
