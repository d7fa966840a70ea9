import ctypes
import os
from pathlib import Path

import numpy as np

_HERE = Path(__file__).parent
_lib = ctypes.CDLL(os.environ.get("SARFOCUS_LIB", str(_HERE / "libsarfocus.so")))
PTX = str(_HERE / "sar_kernels.ptx")


class Params(ctypes.Structure):
    _fields_ = [
        ("fs", ctypes.c_double),
        ("bandwidth", ctypes.c_double),
        ("pulse_len", ctypes.c_double),
        ("prf", ctypes.c_double),
        ("wavelength", ctypes.c_double),
        ("near_range", ctypes.c_double),
        ("n_state_vectors", ctypes.c_int),
    ]


_fp = ctypes.POINTER(ctypes.c_float)
_lib.sar_open.argtypes = [ctypes.c_int, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_char_p]
_lib.sar_open.restype = ctypes.c_void_p
_lib.sar_close.argtypes = [ctypes.c_void_p]
_lib.sar_read_leader.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(Params)]
_lib.sar_range_compress.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int16), ctypes.c_size_t, ctypes.c_size_t]
_lib.sar_rcmc.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_double]
_lib.sar_azimuth_focus.argtypes = [ctypes.c_void_p, _fp, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_double]
_lib.sar_multilook.argtypes = [ctypes.c_void_p, _fp, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, _fp]
_lib.sar_geocode.argtypes = [ctypes.c_void_p, _fp, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_char_p]


class SarError(RuntimeError):
    pass


def _ck(rc: int, what: str) -> None:
    if rc:
        raise SarError(f"{what} failed ({rc})")


def open_ctx(device: int, max_lines: int, max_samples: int) -> int:
    ctx = _lib.sar_open(device, max_lines, max_samples, PTX.encode())
    if not ctx:
        raise SarError("sar_open failed")
    return ctx


def close(ctx: int) -> None:
    _lib.sar_close(ctx)


def read_leader(ctx: int, path: str) -> Params:
    p = Params()
    _ck(_lib.sar_read_leader(ctx, path.encode(), ctypes.byref(p)), "sar_read_leader")
    return p


def range_compress(ctx: int, raw_iq: np.ndarray) -> None:
    lines, samples = raw_iq.shape[0], raw_iq.shape[1]
    raw = np.ascontiguousarray(raw_iq, dtype=np.int16)
    _ck(_lib.sar_range_compress(ctx, raw.ctypes.data_as(ctypes.POINTER(ctypes.c_int16)), lines, samples),
        "sar_range_compress")


def rcmc(ctx: int, lines: int, samples: int, fdc: float) -> None:
    _ck(_lib.sar_rcmc(ctx, lines, samples, fdc), "sar_rcmc")


def azimuth_focus(ctx: int, lines: int, samples: int, fdc: float) -> np.ndarray:
    slc = np.empty((samples, lines, 2), dtype=np.float32)
    _ck(_lib.sar_azimuth_focus(ctx, slc.ctypes.data_as(_fp), lines, samples, fdc), "sar_azimuth_focus")
    return slc


def multilook(ctx: int, slc: np.ndarray, az_looks: int, rg_looks: int) -> np.ndarray:
    samples, lines = slc.shape[:2]
    out = np.empty((lines // az_looks, samples // rg_looks), dtype=np.float32)
    _ck(_lib.sar_multilook(ctx, slc.ctypes.data_as(_fp), lines, samples, az_looks, rg_looks, out.ctypes.data_as(_fp)),
        "sar_multilook")
    return out


def geocode(ctx: int, image: np.ndarray, path: str) -> None:
    img = np.ascontiguousarray(image, dtype=np.float32)
    _lib.sar_geocode(ctx, img.ctypes.data_as(_fp), img.shape[0], img.shape[1], path.encode())
