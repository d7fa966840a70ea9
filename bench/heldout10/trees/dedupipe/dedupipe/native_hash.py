from __future__ import annotations

import ctypes

import cupy as cp
import numpy as np

_lib = ctypes.CDLL("libdedup_hash.so")
_lib.hash_ctx_create.restype = ctypes.c_void_p
_lib.hash_ctx_create.argtypes = [ctypes.c_int, ctypes.c_uint64]
_lib.hash_docs.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
_lib.hash_ctx_destroy.argtypes = [ctypes.c_void_p]


class NativeHasher:
    def __init__(self, num_perm: int = 128, ngram: int = 5, seed: int = 42) -> None:
        self.num_perm = num_perm
        self._ctx = _lib.hash_ctx_create(num_perm, seed)
        if not self._ctx:
            raise RuntimeError("hash_ctx_create failed")

    def signatures(self, docs: list[bytes]) -> cp.ndarray:
        text = np.frombuffer(b"".join(docs), dtype=np.uint8)
        off = np.zeros(len(docs) + 1, dtype=np.int64)
        np.cumsum([len(d) for d in docs], out=off[1:])
        out = np.empty((len(docs), self.num_perm), dtype=np.uint32)
        if _lib.hash_docs(self._ctx, text.ctypes.data, off.ctypes.data, len(docs), out.ctypes.data) != 0:
            raise RuntimeError("hash_docs failed")
        return cp.asarray(out)

    def close(self) -> None:
        if self._ctx:
            _lib.hash_ctx_destroy(self._ctx)
            self._ctx = None

    def __del__(self) -> None:
        self.close()
