"""ctypes bindings for libembcache plus the few cudart entry points the Python side needs."""

import ctypes
import ctypes.util
import os

_here = os.path.dirname(os.path.abspath(__file__))
lib = ctypes.CDLL(os.path.join(_here, "libembcache.so"))
cudart = ctypes.CDLL(ctypes.util.find_library("cudart") or "libcudart.so")

_i64p = ctypes.POINTER(ctypes.c_int64)
_f32p = ctypes.POINTER(ctypes.c_float)

lib.emb_cache_create.restype = ctypes.c_void_p
lib.emb_cache_create.argtypes = [ctypes.c_int64, ctypes.c_int64]
lib.emb_cache_destroy.argtypes = [ctypes.c_void_p]
lib.emb_cache_grow.argtypes = [ctypes.c_void_p, ctypes.c_int64]
lib.emb_cache_lookup.restype = ctypes.c_int64
lib.emb_cache_lookup.argtypes = [ctypes.c_void_p, _i64p, ctypes.c_int64, _f32p, ctypes.c_void_p, ctypes.c_void_p]
lib.emb_cache_save.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
lib.emb_cache_load.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
lib.emb_host_pool_init.argtypes = [ctypes.c_size_t]
for _fn in (lib.emb_prefetch_rows, lib.emb_prefetch_pooled):
    _fn.argtypes = [_i64p, ctypes.c_int64, _f32p, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p]

cudart.cudaHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
cudart.cudaHostUnregister.argtypes = [ctypes.c_void_p]

from .table import EmbeddingCache  # noqa: E402

__all__ = ["EmbeddingCache", "lib", "cudart"]
