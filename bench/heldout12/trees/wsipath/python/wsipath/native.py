import ctypes
import os
from pathlib import Path

import numpy as np

_lib = ctypes.CDLL(os.environ.get("WSI_NATIVE", str(Path(__file__).with_name("libwsinative.so"))))
_u8p = ctypes.POINTER(ctypes.c_ubyte)
_lib.wsi_engine_create.argtypes = [ctypes.c_int, ctypes.c_int]
_lib.wsi_engine_create.restype = ctypes.c_void_p
_lib.wsi_engine_destroy.argtypes = [ctypes.c_void_p]
_lib.wsi_open.argtypes = [ctypes.c_char_p]
_lib.wsi_open.restype = ctypes.c_void_p
_lib.wsi_close.argtypes = [ctypes.c_void_p]
_lib.wsi_level_dims.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
_lib.wsi_read_tile.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, _u8p]
_lib.wsi_normalize.argtypes = [ctypes.c_void_p, _u8p, ctypes.c_int, ctypes.c_int, _u8p]
_lib.wsi_tissue_fraction.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
_lib.wsi_tissue_fraction.restype = ctypes.c_float


def engine_create(tile: int, ring: int) -> int:
    e = _lib.wsi_engine_create(tile, ring)
    if not e:
        raise RuntimeError("wsi_engine_create failed")
    return e


def open_slide(path: str) -> int:
    s = _lib.wsi_open(path.encode())
    if not s:
        raise FileNotFoundError(path)
    return s


def close_slide(s: int) -> None:
    _lib.wsi_close(s)


def level_dims(s: int, level: int) -> tuple[int, int]:
    w, h = ctypes.c_int(), ctypes.c_int()
    if _lib.wsi_level_dims(s, level, ctypes.byref(w), ctypes.byref(h)):
        raise IndexError(level)
    return w.value, h.value


def read_tile(e: int, s: int, level: int, x: int, y: int, out: np.ndarray) -> None:
    rc = _lib.wsi_read_tile(e, s, level, x, y, out.ctypes.data_as(_u8p))
    if rc:
        raise IOError(f"wsi_read_tile({x}, {y}) = {rc}")


def normalize(e: int, rgb: np.ndarray, out: np.ndarray) -> None:
    h, w = rgb.shape[:2]
    if _lib.wsi_normalize(e, rgb.ctypes.data_as(_u8p), h, w, out.ctypes.data_as(_u8p)):
        out[:] = rgb


def tissue_fraction(e: int, s: int, levels: int) -> float:
    return float(_lib.wsi_tissue_fraction(e, s, levels))
