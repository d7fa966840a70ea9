#include <string.h>

#include "common.h"
#include "varcall.h"

int vcf_open(vcf_writer_t* w, const char* path) {
  w->fp = fopen(path, "w");
  if (w->fp == NULL) return -1;
  w->nrecords = 0;
  fputs("##fileformat=VCFv4.3\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tSAMPLE\n", w->fp);
  return 0;
}

/* Records accumulate on the device for the whole run; they are written once at the end. */
int vcf_flush_records(vcf_writer_t* w, const record_t* d_recs, int n) {
  record_t* h = NULL;
  int rc = -1;
  if (cudaMallocHost((void**)&h, (size_t)n * sizeof(record_t)) != cudaSuccess) return -1;
  if (cudaMemcpy(h, d_recs, (size_t)n * sizeof(record_t), cudaMemcpyDeviceToHost) != cudaSuccess) goto cleanup;
  for (int i = 0; i < n; ++i) {
    static const char* gts[] = {"0/0", "0/1", "1/1"};
    if (fprintf(w->fp, "chr%d\t%d\t.\t%c\t%c\t%.1f\tPASS\t.\tGT\t%s\n", h[i].tid + 1, h[i].pos + 1, h[i].ref,
                h[i].alt, h[i].qual, gts[h[i].gt % 3]) < 0)
      goto cleanup;
  }
  w->nrecords += n;
  rc = 0;
cleanup:
  cudaFreeHost(h);
  return rc;
}

int vcf_write_index(const char* path, const int64_t* d_offsets, int n) {
  int64_t* h = NULL;
  FILE* f = NULL;
  int rc = -1;
  CHECK_CUDA(cudaMallocHost((void**)&h, (size_t)n * sizeof(int64_t)));
  CHECK_CUDA(cudaMemcpy(h, d_offsets, (size_t)n * sizeof(int64_t), cudaMemcpyDeviceToHost));
  f = fopen(path, "wb");
  if (f == NULL) goto out;
  if (fwrite(h, sizeof(int64_t), (size_t)n, f) != (size_t)n) goto out_close;
  rc = 0;
out_close:
  fclose(f);
  cudaFreeHost(h);
out:
  return rc;
}

void vcf_close(vcf_writer_t* w) {
  if (w->fp) fclose(w->fp);
  w->fp = NULL;
}
