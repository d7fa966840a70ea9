import ctypes
import os

import numpy as np

_lib = ctypes.CDLL(os.environ.get("FEATSTORE_LIB", "libfeatstore.so"))
_lib.fs_table_open.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.c_int]
_lib.fs_table_open.restype = ctypes.c_void_p
_lib.fs_table_close.argtypes = [ctypes.c_void_p]
_lib.fs_gather.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
_lib.fs_gather.restype = ctypes.c_int
_lib.fs_load_shard.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
_lib.fs_load_shard.restype = ctypes.c_int
_lib.fs_bloom_build.argtypes = [ctypes.c_void_p, ctypes.c_int]
_lib.fs_bloom_build.restype = ctypes.c_int


class Table:
    def __init__(self, path, rows, dim):
        self.dim = dim
        self.h = _lib.fs_table_open(path.encode(), rows, dim)
        if not self.h:
            raise RuntimeError("fs_table_open failed")

    def load_shards(self, prefix, n):
        for i in range(n):
            if _lib.fs_load_shard(self.h, f"{prefix}.{i}".encode(), i) != 0:
                raise IOError(f"shard {i}")
        _lib.fs_bloom_build(self.h, n)

    def gather(self, ids):
        ids = np.ascontiguousarray(ids, dtype=np.int64)
        out = np.empty((ids.size, self.dim), dtype=np.float32)
        rc = _lib.fs_gather(self.h, ids.ctypes.data, ids.size, out.ctypes.data)
        if rc != 0:
            raise RuntimeError(f"fs_gather: {rc}")
        return out

    def close(self):
        if self.h:
            _lib.fs_table_close(self.h)
            self.h = None
