"""Reads fixed-size batches of (dense, sparse ids, label) rows straight into GPU memory."""
from __future__ import annotations

import ctypes

import numpy as np
import torch

from . import _native

NUM_DENSE = 13
NUM_SPARSE = 26
ROW_BYTES = 4 * (NUM_DENSE + NUM_SPARSE + 1)


class ShardReader:
    def __init__(self, path: str, index_path: str, batch_rows: int):
        self.lib = _native.load()
        self.path = path.encode()
        self.batch_rows = batch_rows
        self.batch_bytes = batch_rows * ROW_BYTES
        self._hdr = self.lib.fr_alloc_pinned(4096)
        self._bufs = [np.empty(self.batch_bytes, dtype=np.uint8) for _ in range(2)]
        self._labels = [np.empty(batch_rows, dtype=np.float32) for _ in range(2)]
        ptrs = (ctypes.c_void_p * 2)(*[b.ctypes.data for b in self._labels])
        sizes = (ctypes.c_size_t * 2)(*[b.nbytes for b in self._labels])
        if self.lib.arena_register_all(ptrs, sizes, 2) != 0:
            raise RuntimeError("cannot register label buffers")
        self._label_ptrs = ptrs
        host, dev, n = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_size_t()
        if self.lib.fr_map_file(index_path.encode(), ctypes.byref(host), ctypes.byref(dev), ctypes.byref(n)) != 0:
            raise RuntimeError(f"cannot map {index_path}")
        self._index = (host, n)
        self._dev = torch.empty(self.batch_bytes, dtype=torch.uint8, device="cuda")
        self.i = 0

    def next_batch(self):
        buf = self._bufs[self.i % 2]
        stream = torch.cuda.current_stream().cuda_stream
        rc = self.lib.fr_read_into(self.path, self.i * self.batch_bytes, self.batch_bytes,
                                   buf.ctypes.data, self._dev.data_ptr(), stream)
        if rc != 0:
            raise IOError(f"fr_read_into failed with {rc} at batch {self.i}")
        self.i += 1
        rows = self._dev.view(torch.int32).view(self.batch_rows, NUM_DENSE + NUM_SPARSE + 1)
        dense = rows[:, :NUM_DENSE].view(torch.float32)
        sparse = rows[:, NUM_DENSE : NUM_DENSE + NUM_SPARSE].long()
        label = rows[:, -1].view(torch.float32)
        return dense, sparse, label

    def close(self):
        self.lib.arena_unregister_all(self._label_ptrs, 2)
        self.lib.fr_unmap_file(self._index[0], self._index[1])
        self.lib.fr_free_pinned(self._hdr)
