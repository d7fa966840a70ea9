"""ctypes bindings for libfastread.so."""
from __future__ import annotations

import ctypes
import os

_LIB = None


def load():
    global _LIB
    if _LIB is not None:
        return _LIB
    path = os.environ.get("FASTREAD_LIB", os.path.join(os.path.dirname(__file__), "libfastread.so"))
    lib = ctypes.CDLL(path)
    lib.fr_alloc_pinned.restype = ctypes.c_void_p
    lib.fr_alloc_pinned.argtypes = [ctypes.c_size_t]
    lib.fr_free_pinned.argtypes = [ctypes.c_void_p]
    lib.fr_read_into.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_size_t,
                                 ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    lib.fr_map_file.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p),
                                ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t)]
    lib.fr_unmap_file.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    lib.arena_init.argtypes = [ctypes.c_size_t]
    lib.arena_register_all.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t), ctypes.c_int]
    lib.arena_unregister_all.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_int]
    if lib.arena_init(int(os.environ.get("FASTREAD_ARENA_MB", "64")) << 20) != 0:
        raise RuntimeError("fastread: cannot reserve the pinned arena")
    _LIB = lib
    return lib
