#include <string.h>

#include "common.h"
#include "varcall.h"

/* Loads the whole reference and page-locks it so kernels read it over PCIe zero-copy. */
int reference_load(const char* fasta, reference_t* ref) {
  FILE* f = fopen(fasta, "rb");
  if (f == NULL) return -1;
  fseek(f, 0, SEEK_END);
  const long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  ref->seq = (char*)malloc((size_t)n);
  if (ref->seq == NULL) {
    fclose(f);
    return -1;
  }
  ref->len = fread(ref->seq, 1, (size_t)n, f);
  fclose(f);
  CHECK_CUDA(cudaHostRegister(ref->seq, ref->len, cudaHostRegisterMapped | cudaHostRegisterReadOnly));
  ref->registered = 1;
  return 0;
}

void reference_free(reference_t* ref) {
  if (ref->registered) cudaHostUnregister(ref->seq);
  free(ref->seq);
  memset(ref, 0, sizeof(*ref));
}
