"""HIP runtime calls made from Python (ctypes on libamdhip64)."""
from __future__ import annotations

import ctypes

import numpy as np

_hip = ctypes.CDLL("libamdhip64.so")
_hip.hipHostMalloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_uint]
_hip.hipHostFree.argtypes = [ctypes.c_void_p]
_hip.hipHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
_hip.hipHostUnregister.argtypes = [ctypes.c_void_p]

HIP_HOST_MALLOC_DEFAULT = 0x0
HIP_HOST_REGISTER_DEFAULT = 0x0


def _check(err: int, what: str) -> None:
    if err != 0:
        raise RuntimeError(f"{what} failed with hipError {err}")


def _pinned_array(shape: tuple[int, ...], dtype) -> np.ndarray:
    nbytes = int(np.prod(shape)) * np.dtype(dtype).itemsize
    p = ctypes.c_void_p()
    _check(_hip.hipHostMalloc(ctypes.byref(p), nbytes, HIP_HOST_MALLOC_DEFAULT), "hipHostMalloc")
    buf = (ctypes.c_char * nbytes).from_address(p.value)
    arr = np.frombuffer(buf, dtype=dtype).reshape(shape)
    _OWNERS[arr.ctypes.data] = p
    return arr


_OWNERS: dict[int, ctypes.c_void_p] = {}
_frames: dict[int, np.ndarray] = {}
_masks: dict[int, np.ndarray] = {}


def frame_for(layer: int, shape: tuple[int, int]) -> np.ndarray:
    """Page-locked buffer the co-axial camera driver DMAs the layer's thermal frame into."""
    buf = _frames.get(layer)
    if buf is None:
        buf = _pinned_array(shape, np.uint16)
        _frames[layer] = buf
    return buf


def mask_for(layer_um: int, shape: tuple[int, int]) -> np.ndarray:
    """Recoater-streak mask for a layer thickness (streak widths scale with it)."""
    buf = _masks.get(layer_um)
    if buf is None:
        buf = _pinned_array(shape, np.uint8)
        buf[:] = 0
        buf[:, :: max(1, 400 // layer_um)] = 1
        _masks[layer_um] = buf
    return buf


def release_all() -> None:
    for p in _OWNERS.values():
        _hip.hipHostFree(p)
    _OWNERS.clear()
    _frames.clear()
    _masks.clear()


class RegisteredVectors:
    """Page-locks the build's scan-vector table (memory-mapped) while the build runs."""

    def __init__(self, vectors: np.ndarray):
        self.vectors = vectors

    def __enter__(self) -> np.ndarray:
        _check(_hip.hipHostRegister(self.vectors.ctypes.data, self.vectors.nbytes, HIP_HOST_REGISTER_DEFAULT),
               "hipHostRegister")
        return self.vectors

    def __exit__(self, *exc) -> bool:
        _hip.hipHostUnregister(self.vectors.ctypes.data)
        return False
