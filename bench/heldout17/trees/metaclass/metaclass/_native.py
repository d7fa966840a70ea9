"""ctypes bindings of libkclass."""
from __future__ import annotations

import ctypes
import os

_c_u32p = ctypes.POINTER(ctypes.c_uint32)
_lib = None


class Taxonomy(ctypes.Structure):
    _fields_ = [
        ("parent", _c_u32p),
        ("rank", ctypes.POINTER(ctypes.c_uint8)),
        ("n_nodes", ctypes.c_uint32),
        ("map_base", ctypes.c_void_p),
        ("map_len", ctypes.c_size_t),
    ]


def lib() -> ctypes.CDLL:
    global _lib
    if _lib is None:
        path = os.environ.get("KCLASS_LIB", os.path.join(os.path.dirname(__file__), "libkclass.so"))
        _lib = ctypes.CDLL(path)
        _lib.kc_open_db.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
        _lib.kc_close_db.argtypes = [ctypes.c_void_p]
        _lib.kc_load_taxonomy.argtypes = [ctypes.c_char_p, ctypes.POINTER(Taxonomy)]
        _lib.kc_free_taxonomy.argtypes = [ctypes.POINTER(Taxonomy)]
        _lib.kc_classify_batch.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, _c_u32p, ctypes.c_int, ctypes.c_float, _c_u32p,
        ]
        _lib.kc_write_counts.argtypes = [ctypes.c_void_p, _c_u32p, ctypes.c_int, ctypes.c_char_p]
        _lib.kc_em_reestimate.argtypes = [
            ctypes.POINTER(Taxonomy), ctypes.POINTER(ctypes.c_uint64), ctypes.c_int,
            ctypes.POINTER(ctypes.c_double),
        ]
        _lib.kc_last_error.restype = ctypes.c_char_p
    return _lib


def check(rc: int, what: str) -> None:
    if rc != 0:
        raise RuntimeError(f"{what}: {lib().kc_last_error().decode()}")
