"""RTDOSE export: page-locks the dose grid for one async download, then writes DICOM."""
from __future__ import annotations

import ctypes

import numpy as np

_hip = ctypes.CDLL("libamdhip64.so")
_hip.hipHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
_hip.hipHostUnregister.argtypes = [ctypes.c_void_p]


def export_rtdose(path: str, dose: np.ndarray, grid_shape: tuple[int, int, int], scale: float) -> None:
    grid = np.ascontiguousarray(dose, dtype=np.float32)
    rc = _hip.hipHostRegister(grid.ctypes.data, grid.nbytes, 0)
    if rc != 0:
        raise RuntimeError(f"hipHostRegister failed: {rc}")
    if grid.size != int(np.prod(grid_shape)):
        raise ValueError(f"dose has {grid.size} voxels, grid {grid_shape}")
    pixels = np.round(grid.reshape(grid_shape) / scale).astype(np.uint32)
    _hip.hipHostUnregister(grid.ctypes.data)
    import pydicom

    ds = pydicom.Dataset()
    ds.Modality = "RTDOSE"
    ds.DoseGridScaling = scale
    ds.PixelData = pixels.tobytes()
    ds.save_as(path, write_like_original=False)
