from __future__ import annotations

import numpy as np

from ._ffi import check, fptr, lib


def attach_microstructure(sim, path: str, nx: int, ny: int) -> np.ndarray:
    """Loads an EBSD grain-orientation map (radians) and hands it to libpf once."""
    orient = np.ascontiguousarray(np.load(path), dtype=np.float32)
    if orient.shape != (ny, nx):
        orient = np.resize(orient, (ny, nx))
    check(lib.pf_attach_field(sim, fptr(orient), orient.size), "pf_attach_field")
    return orient
