"""ctypes bindings for csrc/etl_native.cpp."""
import ctypes
import os

import numpy as np

_lib = ctypes.CDLL(os.environ.get("GPUETL_NATIVE", "libetl_native.so"))
_lib.etl_register_table.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
_lib.etl_release_table.argtypes = [ctypes.c_void_p]
_lib.etl_pack_rows.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_int), ctypes.c_int,
                               ctypes.c_int64, ctypes.c_void_p]
_lib.etl_spill.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p]


class NativeTable:
    """A host dimension table the device kernels read in place (registered once)."""

    def __init__(self, arr: np.ndarray):
        self.arr = np.ascontiguousarray(arr)
        if _lib.etl_register_table(self.arr.ctypes.data, self.arr.nbytes) != 0:
            raise RuntimeError("etl_register_table failed")

    def close(self):
        _lib.etl_release_table(self.arr.ctypes.data)


def pack_rows(frame):
    cols = [c.data for c in frame.columns]
    ptrs = (ctypes.c_void_p * len(cols))(*[c.data.ptr for c in cols])
    widths = (ctypes.c_int * len(cols))(*[c.dtype.itemsize for c in cols])
    nrows = len(frame)
    out = np.empty(nrows * sum(widths), dtype=np.uint8)
    rc = _lib.etl_pack_rows(ptrs, widths, len(cols), nrows, out.ctypes.data)
    if rc != 0:
        raise RuntimeError(f"etl_pack_rows failed ({rc})")
    return out


def spill(dev_array, path):
    rc = _lib.etl_spill(dev_array.data.ptr, dev_array.nbytes, path.encode())
    if rc != 0:
        raise OSError(f"spill to {path} failed ({rc})")
