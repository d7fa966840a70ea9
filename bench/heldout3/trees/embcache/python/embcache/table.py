"""EmbeddingCache: a large memory-mapped table with a mapped-memory row cache in front of it."""

import ctypes

import numpy as np
import torch

from . import cudart, lib

_i64p = ctypes.POINTER(ctypes.c_int64)
_f32p = ctypes.POINTER(ctypes.c_float)


class EmbeddingCache:
    def __init__(self, table_path, capacity, host_pool_bytes=0):
        self.table = np.load(table_path, mmap_mode="r+")
        self.num_rows, self.dim = self.table.shape
        # Register the (mmapped) backing table once so misses are copied at pinned speed.
        self._registered = self.table.ctypes.data
        err = cudart.cudaHostRegister(self._registered, self.table.nbytes, 0)
        if err != 0:
            raise RuntimeError(f"cudaHostRegister failed ({err})")
        self.handle = lib.emb_cache_create(capacity, self.dim)
        if not self.handle:
            cudart.cudaHostUnregister(self._registered)
            raise MemoryError("emb_cache_create failed")
        self.capacity = capacity
        self.pooled = host_pool_bytes > 0 and lib.emb_host_pool_init(host_pool_bytes) == 0

    def _ptrs(self, ids):
        ids = np.ascontiguousarray(ids, dtype=np.int64)
        return ids, ids.ctypes.data_as(_i64p), self.table.ctypes.data_as(_f32p)

    def lookup(self, ids, stream=None):
        ids, ids_p, table_p = self._ptrs(ids)
        out = torch.empty((len(ids), self.dim), dtype=torch.float32, device="cuda")
        s = stream or torch.cuda.current_stream()
        misses = lib.emb_cache_lookup(self.handle, ids_p, len(ids), table_p, ctypes.c_void_p(out.data_ptr()),
                                      ctypes.c_void_p(s.cuda_stream))
        if misses < 0:
            raise RuntimeError("emb_cache_lookup failed")
        if misses > len(ids) // 2 and self.capacity < self.num_rows:
            self.capacity = min(self.num_rows, 2 * self.capacity)
            lib.emb_cache_grow(self.handle, self.capacity)
        return out

    def prefetch(self, ids, stream):
        ids, ids_p, table_p = self._ptrs(ids)
        out = torch.empty((len(ids), self.dim), dtype=torch.float32, device="cuda")
        fn = lib.emb_prefetch_pooled if self.pooled else lib.emb_prefetch_rows
        rc = fn(ids_p, len(ids), table_p, self.dim, ctypes.c_void_p(out.data_ptr()), ctypes.c_void_p(stream.cuda_stream))
        if rc != 0:
            raise RuntimeError("prefetch failed")
        return out

    def save(self, path):
        return lib.emb_cache_save(self.handle, path.encode())

    def load(self, path):
        return lib.emb_cache_load(self.handle, path.encode())

    def close(self):
        if self.handle:
            lib.emb_cache_destroy(self.handle)
            self.handle = None
        if self._registered:
            cudart.cudaHostUnregister(self._registered)
            self._registered = None
