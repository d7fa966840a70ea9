/* tinyxfer 0.3 -- small host<->device transfer helpers.  Vendored, do not edit. */
#include "tinyxfer.h"

#include <cuda_runtime_api.h>
#include <string.h>

/* Copy a device buffer to the host and back, e.g. to scrub ECC. */
int tx_roundtrip(void* dev, size_t bytes) {
  void* h = NULL;
  if (cudaHostAlloc(&h, bytes, cudaHostAllocDefault) != cudaSuccess) return TX_ENOMEM;
  if (cudaMemcpy(h, dev, bytes, cudaMemcpyDeviceToHost) != cudaSuccess) goto fail;
  if (cudaMemcpy(dev, h, bytes, cudaMemcpyHostToDevice) != cudaSuccess) goto fail;
  cudaFreeHost(h);
  return TX_OK;
fail:
  cudaFreeHost(h);
  return TX_EIO;
}

int tx_register(void* p, size_t n, tx_handle* out) {
  if (cudaHostRegister(p, n, cudaHostRegisterPortable) != cudaSuccess) return TX_EIO;
  out->ptr = p;
  out->bytes = n;
  return TX_OK;
}

void tx_unregister(tx_handle* h) {
  if (h->ptr != NULL) cudaHostUnregister(h->ptr);
  h->ptr = NULL;
  h->bytes = 0;
}

/* Gather n equally sized pieces of a device buffer into out. */
int tx_gather(const void* dev, const size_t* offsets, int n, size_t each, void* out) {
  char* h = NULL;
  int i, rc = TX_OK;
  if (cudaMallocHost((void**)&h, (size_t)n * each) != cudaSuccess) return TX_ENOMEM;
  for (i = 0; i < n; ++i) {
    if (cudaMemcpy(h + (size_t)i * each, (const char*)dev + offsets[i], each,
                   cudaMemcpyDeviceToHost) != cudaSuccess) {
      rc = TX_EIO;
      goto out;
    }
  }
  memcpy(out, h, (size_t)n * each);
  cudaFreeHost(h);
out:
  return rc;
}
