"""ctypes bindings for libpod5lite."""
from __future__ import annotations

import ctypes
import os

import numpy as np

_lib = ctypes.CDLL(os.environ.get("POD5LITE_LIB", os.path.join(os.path.dirname(__file__), "libpod5lite.so")))


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", DLDevice),
        ("ndim", ctypes.c_int32),
        ("dtype", DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


class P5Batch(ctypes.Structure):
    _fields_ = [
        ("signal", DLTensor),
        ("shape", ctypes.c_int64 * 1),
        ("n_reads", ctypes.c_int32),
        ("offsets", ctypes.POINTER(ctypes.c_int64)),
        ("read_ids", ctypes.POINTER(ctypes.c_char * 37)),
    ]


_lib.p5_open.restype = ctypes.c_void_p
_lib.p5_open.argtypes = [ctypes.c_char_p]
_lib.p5_close.argtypes = [ctypes.c_void_p]
_lib.p5_num_reads.restype = ctypes.c_int64
_lib.p5_num_reads.argtypes = [ctypes.c_void_p]
_lib.p5_read_batch.restype = ctypes.POINTER(P5Batch)
_lib.p5_read_batch.argtypes = [ctypes.c_void_p, ctypes.c_int64]
_lib.p5_batch_free.argtypes = [ctypes.POINTER(P5Batch)]
_lib.p5_load_calibration.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.POINTER(ctypes.c_float)),
                                     ctypes.POINTER(ctypes.POINTER(ctypes.c_float)), ctypes.POINTER(ctypes.c_int32)]
_lib.p5_free_calibration.argtypes = [ctypes.POINTER(ctypes.c_float)]
_lib.p5_write_summary.argtypes = [ctypes.c_void_p, ctypes.c_char_p]


class Pod5Batch:
    def __init__(self, ptr):
        self._ptr = ptr
        b = ptr.contents
        n = int(b.shape[0])
        self.signal = np.ctypeslib.as_array(ctypes.cast(b.signal.data, ctypes.POINTER(ctypes.c_int16)), shape=(n,))
        self.offsets = np.ctypeslib.as_array(b.offsets, shape=(b.n_reads + 1,)).copy()
        self.read_ids = [b.read_ids[i].value.decode() for i in range(b.n_reads)]

    def spans(self):
        return list(zip(self.offsets[:-1].tolist(), self.offsets[1:].tolist()))

    def close(self) -> None:
        if self._ptr:
            self.signal = None
            _lib.p5_batch_free(self._ptr)
            self._ptr = None


class Pod5Reader:
    def __init__(self, path: str):
        self._h = _lib.p5_open(path.encode())
        if not self._h:
            raise OSError(f"cannot open {path}")

    def __len__(self) -> int:
        return int(_lib.p5_num_reads(self._h))

    def batches(self, max_samples: int):
        while True:
            ptr = _lib.p5_read_batch(self._h, max_samples)
            if not ptr:
                return
            yield Pod5Batch(ptr)

    def write_summary(self, path: str) -> None:
        if _lib.p5_write_summary(self._h, path.encode()) != 0:
            raise OSError(f"cannot write {path}")

    def close(self) -> None:
        if self._h:
            _lib.p5_close(self._h)
            self._h = None


def load_calibration(path: str):
    scale = ctypes.POINTER(ctypes.c_float)()
    offset = ctypes.POINTER(ctypes.c_float)()
    n = ctypes.c_int32()
    if _lib.p5_load_calibration(path.encode(), ctypes.byref(scale), ctypes.byref(offset), ctypes.byref(n)) != 0:
        return None
    s = np.ctypeslib.as_array(scale, shape=(n.value,)).copy()
    o = np.ctypeslib.as_array(offset, shape=(n.value,)).copy()
    _lib.p5_free_calibration(scale)
    return s, o
