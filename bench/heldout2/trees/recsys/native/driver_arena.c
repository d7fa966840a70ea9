/* Driver-API pieces of libfastread: a process-wide pinned arena and bulk registration. */
#include <cuda.h>
#include <stddef.h>

static void* g_arena = NULL;
static size_t g_arena_bytes = 0;

int arena_init(size_t bytes) {
  if (g_arena != NULL) return 0;
  if (cuMemAllocHost(&g_arena, bytes) != CUDA_SUCCESS) return -1;
  g_arena_bytes = bytes;
  return 0;
}

void* arena_base(void) { return g_arena; }
size_t arena_size(void) { return g_arena_bytes; }

void arena_shutdown(void) {
  if (g_arena != NULL) cuMemFreeHost(g_arena);
  g_arena = NULL;
  g_arena_bytes = 0;
}

int arena_register_all(void** ptrs, const size_t* sizes, int n) {
  int i;
  for (i = 0; i < n; ++i) {
    if (cuMemHostRegister(ptrs[i], sizes[i], CU_MEMHOSTREGISTER_PORTABLE) != CUDA_SUCCESS) {
      while (i-- > 0) cuMemHostUnregister(ptrs[i]);
      return -1;
    }
  }
  return 0;
}

void arena_unregister_all(void** ptrs, int n) {
  int i;
  for (i = 0; i < n; ++i) cuMemHostUnregister(ptrs[i]);
}
