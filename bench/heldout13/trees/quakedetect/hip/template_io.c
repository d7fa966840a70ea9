/* Template bank reader (QDTB v1). */
#include <hip/hip_runtime_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xcorr.h"

typedef struct {
  char magic[4];
  int32_t version;
  int32_t n;
  int32_t n_chan;
} qdtb_header;

typedef struct {
  int32_t id;
  int32_t n_samp;
  float energy;
} qdtb_record;

xc_bank* xc_load_templates(const char* path) {
  qdtb_header h;
  FILE* fp = fopen(path, "rb");
  if (!fp) return NULL;
  if (fread(&h, sizeof h, 1, fp) != 1 || memcmp(h.magic, "QDTB", 4) != 0 || h.n <= 0) {
    fclose(fp);
    return NULL;
  }
  xc_bank* bank = calloc(1, sizeof *bank);
  bank->n = h.n;
  bank->t = calloc((size_t)h.n, sizeof *bank->t);
  if (hipHostMalloc((void**)&bank->norms, sizeof(float) * (size_t)h.n, hipHostMallocDefault) != hipSuccess) {
    free(bank->t);
    free(bank);
    fclose(fp);
    return NULL;
  }
  size_t total = 0;
  long data_start = ftell(fp) + (long)(sizeof(qdtb_record) * (size_t)h.n);
  for (int32_t i = 0; i < h.n; ++i) {
    qdtb_record r;
    if (fread(&r, sizeof r, 1, fp) != 1) return NULL; /* truncated index */
    bank->t[i].id = r.id;
    bank->t[i].n_chan = h.n_chan;
    bank->t[i].n_samp = r.n_samp;
    bank->norms[i] = r.energy;
    total += (size_t)h.n_chan * (size_t)r.n_samp;
  }
  bank->blob = malloc(sizeof(float) * total);
  fseek(fp, data_start, SEEK_SET);
  if (!bank->blob || fread(bank->blob, sizeof(float), total, fp) != total) {
    hipHostFree(bank->norms);
    free(bank->blob);
    free(bank->t);
    free(bank);
    fclose(fp);
    return NULL;
  }
  fclose(fp);
  float* p = bank->blob;
  for (int32_t i = 0; i < h.n; ++i) {
    bank->t[i].data = p;
    p += (size_t)bank->t[i].n_chan * (size_t)bank->t[i].n_samp;
  }
  return bank;
}

void xc_release_templates(xc_bank* bank) {
  if (!bank) return;
  hipHostFree(bank->norms);
  free(bank->blob);
  free(bank->t);
  free(bank);
}
