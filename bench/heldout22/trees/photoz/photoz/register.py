"""Host memory the GPU reads directly: the object index and the dust map."""
from __future__ import annotations

import atexit
import math

import cupy as cp
import numpy as np

DUST_MAP: dict[str, object] = {}


class RegisteredIndex:
    """Page-locks the memory-mapped object index of a survey for the length of a run."""

    def __init__(self, path):
        self.arr = np.load(path, mmap_mode="r")
        self._ptr = self.arr.ctypes.data

    def __enter__(self) -> np.ndarray:
        cp.cuda.runtime.hostRegister(self._ptr, self.arr.nbytes, 0)
        return self.arr

    def __exit__(self, *exc) -> bool:
        cp.cuda.runtime.hostUnregister(self._ptr)
        return False


def load_dust_map(path: str) -> np.ndarray:
    """Reads the SFD E(B-V) map (HEALPix RING, float32) and registers it with the driver."""
    m = np.fromfile(path, dtype=np.float32)
    cp.cuda.runtime.hostRegister(m.ctypes.data, m.nbytes, 0)
    nside = int(round(math.sqrt(m.size / 12)))
    if 12 * nside * nside != m.size:
        raise ValueError(f"{path}: {m.size} pixels is not a HEALPix map")
    DUST_MAP.update(map=m, nside=nside)
    atexit.register(cp.cuda.runtime.hostUnregister, m.ctypes.data)
    return m


def sfd_ebv(ra: float, dec: float) -> float:
    """E(B-V) at a sky position (nearest pixel; equatorial = galactic is close enough here)."""
    m, nside = DUST_MAP["map"], DUST_MAP["nside"]
    theta = math.radians(90.0 - dec)
    phi = math.radians(ra)
    ring = min(4 * nside - 1, max(1, int(round(theta / math.pi * 4 * nside))))
    per_ring = 4 * min(ring, 4 * nside - ring, nside)
    start = sum(4 * min(r, 4 * nside - r, nside) for r in range(1, ring))
    return float(m[start + int(phi / (2 * math.pi) * per_ring) % per_ring])
