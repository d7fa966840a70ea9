/* HARQ soft-combining buffers, one per (RNTI, HARQ process), kept across retransmissions. */
#include <string.h>
#include "ldpc.h"
#include "phy_err.h"

struct harq_entry {
  uint16_t rnti;
  uint8_t harq_id;
  uint8_t used;
  size_t cap;
  int8_t* soft;
};

struct harq_pool {
  size_t n;
  struct harq_entry* e;
};

struct harq_pool* harq_pool_create(size_t n_slots) {
  struct harq_pool* p = (struct harq_pool*)calloc(1, sizeof(*p));
  p->n = n_slots;
  p->e = (struct harq_entry*)calloc(n_slots, sizeof(struct harq_entry));
  return p;
}

static size_t harq_hash(uint16_t rnti, uint8_t harq_id, size_t n) {
  return ((size_t)rnti * 16u + harq_id) % n;
}

/* Returns the soft buffer of (rnti, harq_id); it is allocated on first use and only
 * re-allocated when a larger transport block arrives for the same process. */
int8_t* harq_pool_get(struct harq_pool* pool, uint16_t rnti, uint8_t harq_id, size_t bytes) {
  size_t h = harq_hash(rnti, harq_id, pool->n);
  for (size_t probe = 0; probe < pool->n; ++probe) {
    struct harq_entry* e = &pool->e[(h + probe) % pool->n];
    if (e->used && (e->rnti != rnti || e->harq_id != harq_id)) continue;
    if (e->used && e->cap >= bytes) return e->soft;
    if (e->used) cudaFreeHost(e->soft);
    if (cudaHostAlloc((void**)&e->soft, bytes, cudaHostAllocDefault) != cudaSuccess) return NULL;
    memset(e->soft, 0, bytes);
    e->rnti = rnti;
    e->harq_id = harq_id;
    e->cap = bytes;
    e->used = 1;
    return e->soft;
  }
  return NULL;
}

void harq_pool_release_ue(struct harq_pool* pool, uint16_t rnti) {
  for (size_t i = 0; i < pool->n; ++i) {
    struct harq_entry* e = &pool->e[i];
    if (e->used && e->rnti == rnti) {
      cudaFreeHost(e->soft);
      memset(e, 0, sizeof(*e));
    }
  }
}

void harq_pool_destroy(struct harq_pool* pool) {
  if (pool == NULL) return;
  for (size_t i = 0; i < pool->n; ++i)
    if (pool->e[i].used) cudaFreeHost(pool->e[i].soft);
  free(pool->e);
  free(pool);
}
