"""ctypes bindings for libqdxcorr (HIP template matching)."""
from __future__ import annotations

import ctypes
import os

import numpy as np

_lib = ctypes.CDLL(os.environ.get("QDXCORR_LIB", "libqdxcorr.so"))
_fp = ctypes.POINTER(ctypes.c_float)
_lib.xc_create.restype = ctypes.c_void_p
_lib.xc_create.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]
_lib.xc_destroy.argtypes = [ctypes.c_void_p]
_lib.xc_load_templates.restype = ctypes.c_void_p
_lib.xc_load_templates.argtypes = [ctypes.c_char_p]
_lib.xc_release_templates.argtypes = [ctypes.c_void_p]
_lib.xc_correlate.argtypes = [ctypes.c_void_p, _fp, ctypes.c_int, ctypes.c_int, ctypes.c_void_p, _fp]
_lib.xc_noise_envelope.argtypes = [_fp, ctypes.c_int, ctypes.c_int, _fp]
_lib.xc_dump_cc_history.argtypes = [ctypes.c_void_p, ctypes.c_char_p]


class _BankHeader(ctypes.Structure):
    _fields_ = [("n", ctypes.c_int32)]


class TemplateMatcher:
    def __init__(self, n_chan: int, max_samp: int, max_templates: int, bank_path: str):
        self.n_chan = n_chan
        self._ctx = _lib.xc_create(n_chan, max_samp, max_templates)
        if not self._ctx:
            raise MemoryError("xc_create failed")
        self._bank = _lib.xc_load_templates(bank_path.encode())
        if not self._bank:
            raise OSError(f"cannot load template bank {bank_path}")
        self.n_templates = _BankHeader.from_address(self._bank).n

    def noise_envelope(self, cont: np.ndarray) -> np.ndarray:
        cont = np.ascontiguousarray(cont, dtype=np.float32)
        env = np.empty(cont.shape[0], np.float32)
        _lib.xc_noise_envelope(cont.ctypes.data_as(_fp), cont.shape[0], cont.shape[1], env.ctypes.data_as(_fp))
        return env

    def correlate(self, cont: np.ndarray) -> np.ndarray:
        cont = np.ascontiguousarray(cont, dtype=np.float32)
        cc = np.empty((self.n_templates, cont.shape[1]), np.float32)
        rc = _lib.xc_correlate(self._ctx, cont.ctypes.data_as(_fp), cont.shape[0], cont.shape[1], self._bank,
                               cc.ctypes.data_as(_fp))
        if rc != 0:
            raise RuntimeError(f"xc_correlate failed ({rc})")
        return cc

    def dump_history(self, path: str) -> None:
        _lib.xc_dump_cc_history(self._ctx, path.encode())

    def close(self) -> None:
        _lib.xc_release_templates(self._bank)
        _lib.xc_destroy(self._ctx)
