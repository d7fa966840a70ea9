/* SEG-Y export and GSSI DZT import. */
#include <stdint.h>
#include <string.h>

#include "gpr_internal.h"

#define DZT_TAG 0x00ff

typedef struct {
  uint16_t tag;
  uint16_t data_offset;
  uint16_t samples_per_scan;
  uint16_t bits;
  int16_t zero;
  float scans_per_second;
  float scans_per_meter;
  float meters_per_mark;
  float position_ns;
  float range_ns;
  uint16_t scans_per_pass;
  char pad[1024 - 34];
} dzt_header;

int gpr_write_segy(gpr_ctx* ctx, const char* path, const float* traces, int n_traces) {
  int rc = GPR_OK;
  const size_t trace_bytes = 240 + (size_t)ctx->ns * sizeof(float);
  unsigned char* block = NULL;
  FILE* f = NULL;
  if (cudaMallocHost((void**)&block, trace_bytes * 64) != cudaSuccess) {
    gpr_set_error("cannot pin SEG-Y block");
    return GPR_ECUDA;
  }
  f = fopen(path, "wb");
  if (!f) {
    rc = GPR_EIO;
    goto cleanup;
  }
  {
    unsigned char textual[3200];
    unsigned char binary[400] = {0};
    memset(textual, ' ', sizeof textual);
    memcpy(textual, "C01 gprscan migrated section", 28);
    binary[20] = (unsigned char)(ctx->ns >> 8);
    binary[21] = (unsigned char)(ctx->ns & 0xff);
    binary[25] = 5; /* IEEE float */
    if (fwrite(textual, 1, sizeof textual, f) != sizeof textual || fwrite(binary, 1, sizeof binary, f) != sizeof binary) {
      rc = GPR_EIO;
      goto cleanup;
    }
  }
  for (int t0 = 0; t0 < n_traces; t0 += 64) {
    const int nb = n_traces - t0 < 64 ? n_traces - t0 : 64;
    memset(block, 0, trace_bytes * nb);
    for (int k = 0; k < nb; ++k) {
      unsigned char* hdr = block + k * trace_bytes;
      const uint32_t seq = (uint32_t)(t0 + k + 1);
      hdr[0] = seq >> 24; hdr[1] = seq >> 16; hdr[2] = seq >> 8; hdr[3] = seq;
      memcpy(hdr + 240, traces + (size_t)(t0 + k) * ctx->ns, (size_t)ctx->ns * sizeof(float));
    }
    if (fwrite(block, trace_bytes, nb, f) != (size_t)nb) {
      rc = GPR_EIO;
      goto cleanup;
    }
  }
cleanup:
  if (f) fclose(f);
  cudaFreeHost(block);
  return rc;
}

int gpr_read_dzt(gpr_ctx* ctx, const char* path, float* traces_out, int max_traces, int* n_read) {
  FILE* f = fopen(path, "rb");
  if (!f) {
    gpr_set_error("cannot open dzt");
    return GPR_EIO;
  }
  const size_t out_bytes = (size_t)max_traces * ctx->ns * sizeof(float);
  /* the caller's array receives the dewowed traces straight from the device */
  if (cudaHostRegister(traces_out, out_bytes, cudaHostRegisterDefault) != cudaSuccess) {
    fclose(f);
    gpr_set_error("cannot register output");
    return GPR_ECUDA;
  }
  dzt_header hdr;
  if (fread(&hdr, sizeof hdr, 1, f) != 1 || hdr.tag != DZT_TAG || hdr.samples_per_scan != ctx->ns) {
    fclose(f);
    gpr_set_error("not a GSSI DZT file for this sample count");
    return GPR_EBADFILE;
  }
  fseek(f, (long)hdr.data_offset * 1024, SEEK_SET);
  int n = 0;
  const int bytes_per = hdr.bits / 8;
  unsigned char raw[4 * 4096];
  while (n < max_traces && fread(raw, bytes_per, ctx->ns, f) == (size_t)ctx->ns) {
    float* dst = traces_out + (size_t)n * ctx->ns;
    for (int i = 0; i < ctx->ns; ++i)
      dst[i] = bytes_per == 2 ? (float)((uint16_t)(raw[2 * i] | raw[2 * i + 1] << 8)) - 32768.f
                              : (float)(*(int32_t*)(raw + 4 * i));
    ++n;
  }
  float* d = NULL;
  if (n > 0 && cudaMalloc((void**)&d, (size_t)n * ctx->ns * sizeof(float)) == cudaSuccess) {
    cudaMemcpyAsync(d, traces_out, (size_t)n * ctx->ns * sizeof(float), cudaMemcpyHostToDevice, ctx->stream);
    /* dewow would run here; the copy back keeps the registered buffer's contents current */
    cudaMemcpyAsync(traces_out, d, (size_t)n * ctx->ns * sizeof(float), cudaMemcpyDeviceToHost, ctx->stream);
    cudaStreamSynchronize(ctx->stream);
    cudaFree(d);
  }
  cudaHostUnregister(traces_out);
  fclose(f);
  *n_read = n;
  return GPR_OK;
}
