"""ctypes bindings for csrc/kv_native.cu (libkvnative.so)."""
import ctypes
import os

import numpy as np
import torch

_lib = ctypes.CDLL(os.path.join(os.path.dirname(__file__), "..", "build", "libkvnative.so"))
_lib.kv_stage_init.argtypes = [ctypes.c_size_t]
_lib.kv_stage_init.restype = ctypes.c_int
_lib.kv_import_pages.argtypes = [
    ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_void_p,
    ctypes.c_int, ctypes.c_size_t, ctypes.c_void_p,
]
_lib.kv_import_pages.restype = ctypes.c_int
_lib.kv_export_pages.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]
_lib.kv_export_pages.restype = ctypes.c_int


def stage_init(nbytes):
    if _lib.kv_stage_init(nbytes) != 0:
        raise RuntimeError("kv_stage_init failed")


def import_pages(host_pages: np.ndarray, gpu_layer: torch.Tensor, ids: np.ndarray, page_bytes: int):
    stream = torch.cuda.current_stream().cuda_stream
    rc = _lib.kv_import_pages(
        host_pages.ctypes.data, host_pages.nbytes, gpu_layer.data_ptr(),
        ids.ctypes.data, len(ids), page_bytes, stream,
    )
    if rc != 0:
        raise RuntimeError(f"kv_import_pages failed ({rc})")


def export_pages(path: str, gpu_layer: torch.Tensor, ids: np.ndarray, page_bytes: int):
    rc = _lib.kv_export_pages(path.encode(), gpu_layer.data_ptr(), ids.ctypes.data, len(ids), page_bytes)
    if rc != 0:
        raise OSError(f"kv_export_pages({path}) failed ({rc})")
