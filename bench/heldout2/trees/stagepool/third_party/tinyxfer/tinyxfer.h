/* tinyxfer 0.3 -- small host<->device transfer helpers.  Vendored, do not edit. */
#ifndef TINYXFER_H
#define TINYXFER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { TX_OK = 0, TX_ENOMEM = -1, TX_EIO = -2 };

typedef struct tx_handle {
  void* ptr;
  size_t bytes;
} tx_handle;

int tx_roundtrip(void* dev, size_t bytes);
int tx_register(void* p, size_t n, tx_handle* out);
void tx_unregister(tx_handle* h);
int tx_gather(const void* dev, const size_t* offsets, int n, size_t each, void* out);

#ifdef __cplusplus
}
#endif

#endif /* TINYXFER_H */
