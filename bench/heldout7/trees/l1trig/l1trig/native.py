import ctypes
import os

import numpy as np

_lib = ctypes.CDLL(os.environ.get("L1TRIG_LIB", os.path.join(os.path.dirname(__file__), "libl1trig.so")))
_lib.trg_open.restype = ctypes.c_void_p
_lib.trg_open.argtypes = [ctypes.c_char_p, ctypes.c_int]
_lib.trg_close.argtypes = [ctypes.c_void_p]
_lib.trg_unpack.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
_lib.trg_unpack.restype = ctypes.c_int
_lib.trg_cluster.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
_lib.trg_cluster.restype = ctypes.c_int
_lib.trg_jets.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
_lib.trg_jets.restype = ctypes.c_int
_lib.trg_dump_histograms.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_lib.trg_dump_histograms.restype = ctypes.c_int

N_TOWERS = 72 * 56


class TriggerHandle:
    def __init__(self, lut_path, ring_slots):
        self.h = _lib.trg_open(lut_path.encode(), ring_slots)

    def unpack(self, raw: bytes) -> np.ndarray:
        towers = np.empty(N_TOWERS, np.float32)
        n = _lib.trg_unpack(self.h, raw, len(raw), towers.ctypes.data)
        if n < 0:
            raise ValueError("corrupt calo payload")
        return towers

    def cluster(self, towers: np.ndarray) -> np.ndarray:
        out = np.zeros((64, 3), np.float32)
        rc = _lib.trg_cluster(self.h, towers.ctypes.data, out.ctypes.data)
        if rc < 0:
            raise RuntimeError("trg_cluster failed")
        return out

    def jets(self, towers: np.ndarray) -> np.ndarray:
        out = np.zeros((12, 3), np.float32)
        _lib.trg_jets(self.h, towers.ctypes.data, out.ctypes.data)
        return out

    def dump(self, path):
        return _lib.trg_dump_histograms(self.h, path.encode())

    def close(self):
        if self.h:
            _lib.trg_close(self.h)
            self.h = None
