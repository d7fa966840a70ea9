#ifndef HOST_POOL_H
#define HOST_POOL_H
#include <stddef.h>

typedef struct host_pool {
  void** blocks;
  size_t block_bytes;
  int count;
} host_pool;

host_pool* host_pool_create(int count, size_t block_bytes);
void host_pool_destroy(host_pool* p);

#endif
