from __future__ import annotations

import ctypes
from dataclasses import dataclass

import numpy as np

from ._lib import RaMaterial, RaRoom, check, lib

BANDS_HZ = (125, 250, 500, 1000, 2000, 4000)


def _vec3(v) -> np.ndarray:
    return np.ascontiguousarray(v, dtype=np.float32)


def load_materials(path: str) -> dict[str, np.ndarray]:
    table = (RaMaterial * 256)()
    n = ctypes.c_int()
    check(lib.ra_load_materials(path.encode(), table, 256, ctypes.byref(n)))
    return {table[i].name.decode(): np.array(table[i].alpha[:]) for i in range(n.value)}


@dataclass
class Room:
    dims: tuple[float, float, float]
    absorption: tuple[float, float, float, float, float, float]

    @classmethod
    def from_materials(cls, dims, walls: list[str], materials: dict[str, np.ndarray], band: int = 3) -> "Room":
        return cls(tuple(dims), tuple(float(materials[w][band]) for w in walls))

    def to_c(self) -> RaRoom:
        beta = [float(np.sqrt(1.0 - a)) for a in self.absorption]
        return RaRoom(*self.dims, (ctypes.c_float * 6)(*beta))

    def rir(self, src, mic, fs: int = 16000, max_order: int = 12, length: int | None = None) -> np.ndarray:
        n = length or int(0.6 * fs)
        out = np.zeros(n, np.float32)
        s, m = _vec3(src), _vec3(mic)
        c_room = self.to_c()
        check(lib.ra_compute_rir(ctypes.byref(c_room), s.ctypes.data, m.ctypes.data, fs, max_order,
                                 out.ctypes.data, n))
        return out
