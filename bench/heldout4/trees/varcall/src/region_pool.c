#include <string.h>

#include "common.h"
#include "varcall.h"

int region_pool_init(region_pool_t* p, int nslots, size_t slot_bytes) {
  p->slots = (region_slot_t*)calloc((size_t)nslots, sizeof(region_slot_t));
  if (p->slots == NULL) return -1;
  p->nslots = nslots;
  p->slot_bytes = slot_bytes;
  for (int i = 0; i < nslots; ++i) {
    CHECK_CUDA(cudaHostAlloc((void**)&p->slots[i].reads, slot_bytes, cudaHostAllocDefault));
    p->slots[i].bytes = slot_bytes;
    p->slots[i].in_use = 0;
  }
  return 0;
}

region_slot_t* region_pool_acquire(region_pool_t* p) {
  for (int i = 0; i < p->nslots; ++i) {
    if (!p->slots[i].in_use) {
      p->slots[i].in_use = 1;
      p->slots[i].nreads = 0;
      return &p->slots[i];
    }
  }
  return NULL;
}

void region_pool_release(region_pool_t* p, region_slot_t* s) {
  (void)p;
  s->in_use = 0;
}

void region_pool_destroy(region_pool_t* p) {
  for (int i = 0; i < p->nslots; ++i) cudaFreeHost(p->slots[i].reads);
  free(p->slots);
  memset(p, 0, sizeof(*p));
}
