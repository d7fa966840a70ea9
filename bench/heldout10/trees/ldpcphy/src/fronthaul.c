/* O-RAN 7.2x U-plane replay source: slots are read from a capture into a page-locked ring. */
#include <string.h>
#include "ldpc.h"
#include "phy_err.h"

#define SLOT_IQ_BYTES (273 * 12 * 14 * 4 * 4)
#define SLOT_LLR_BYTES (273 * 12 * 12 * 8 * 2)
#define SLOT_TB_BYTES (1 << 20)

struct fh_source {
  FILE* f;
  size_t n_slots;
  size_t next;
  uint8_t* ring;    /* n_slots * (IQ + LLR) bytes, portable + mapped */
  uint8_t* tb_out;  /* decoded transport blocks, pageable */
};

struct fh_source* fh_open(const char* path, size_t n_slots) {
  struct fh_source* s = (struct fh_source*)calloc(1, sizeof(*s));
  s->f = fopen(path, "rb");
  if (s->f == NULL) {
    free(s);
    return NULL;
  }
  s->n_slots = n_slots;
  PHY_DIE_DRV(cuMemHostAlloc((void**)&s->ring, n_slots * (SLOT_IQ_BYTES + SLOT_LLR_BYTES),
                             CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP));
  s->tb_out = (uint8_t*)malloc(n_slots * MAX_PUSCH_PER_SLOT * (size_t)SLOT_TB_BYTES / 16);
  return s;
}

int fh_next_slot(struct fh_source* s, fh_slot_t* slot) {
  uint8_t* base = s->ring + (s->next % s->n_slots) * (SLOT_IQ_BYTES + SLOT_LLR_BYTES);
  uint32_t hdr[3];
  if (fread(hdr, sizeof(uint32_t), 3, s->f) != 3) return PHY_EIO;
  slot->sfn = hdr[0];
  slot->slot = hdr[1];
  slot->n_pusch = hdr[2] > MAX_PUSCH_PER_SLOT ? MAX_PUSCH_PER_SLOT : hdr[2];
  size_t off = 0;
  for (uint32_t i = 0; i < slot->n_pusch; ++i) {
    fh_pusch_t* p = &slot->pusch[i];
    uint16_t meta[8];
    if (fread(meta, sizeof(uint16_t), 8, s->f) != 8) return PHY_EIO;
    p->rnti = meta[0];
    p->harq_id = (uint8_t)meta[1];
    p->ndi = (uint8_t)(meta[1] >> 8);
    p->rv = (uint8_t)meta[2];
    p->qm = (uint8_t)(meta[2] >> 8);
    p->n_layers = (uint8_t)meta[3];
    p->n_dmrs = (uint8_t)(meta[3] >> 8);
    p->n_prb = meta[4];
    p->start_prb = meta[5];
    p->tbs = (uint32_t)meta[6] << 8;
    p->code_rate = (float)meta[7] / 1024.f;
    const size_t iq_bytes = (size_t)p->n_prb * 12 * 14 * 4;
    if (fread(base + off, 1, iq_bytes, s->f) != iq_bytes) return PHY_EIO;
    p->iq = (const int16_t*)(base + off);
    p->llr = (int16_t*)(base + SLOT_IQ_BYTES + off * 2);
    p->tb_out = s->tb_out + ((s->next % s->n_slots) * MAX_PUSCH_PER_SLOT + i) * (size_t)SLOT_TB_BYTES / 16;
    off += iq_bytes;
  }
  s->next++;
  return PHY_OK;
}

void fh_close(struct fh_source* s) {
  if (s == NULL) return;
  cuMemFreeHost(s->ring);
  free(s->tb_out);
  fclose(s->f);
  free(s);
}
