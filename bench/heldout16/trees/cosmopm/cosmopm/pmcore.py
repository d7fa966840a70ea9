"""ctypes binding of libpmcore."""
from __future__ import annotations

import ctypes
from pathlib import Path

import numpy as np

_HERE = Path(__file__).parent
_lib = ctypes.CDLL(str(_HERE / "libpmcore.so"))
_lib.pm_init.argtypes = [ctypes.c_int, ctypes.c_int64, ctypes.c_double, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
_lib.pm_finalize.argtypes = [ctypes.c_void_p]
_lib.pm_read_ic.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_lib.pm_step.argtypes = [ctypes.c_void_p, ctypes.c_double, ctypes.c_double]
_lib.pm_positions.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64]
_lib.pm_power_spectrum.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p]
_lib.pm_write_snapshot.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_double]
_lib.pm_checkpoint.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_lib.pm_error.restype = ctypes.c_char_p


class PMError(RuntimeError):
    pass


def _check(rc: int, what: str) -> None:
    if rc != 0:
        raise PMError(f"{what}: {_lib.pm_error().decode()} ({rc})")


class PMCore:
    def __init__(self, n_grid: int, n_part: int, box: float):
        self._h = ctypes.c_void_p()
        _check(_lib.pm_init(n_grid, n_part, box, str(_HERE / "kernels.ptx").encode(), ctypes.byref(self._h)), "pm_init")
        self.n_part = n_part

    def read_ic(self, path: str) -> None:
        _check(_lib.pm_read_ic(self._h, path.encode()), "pm_read_ic")

    def step(self, a: float, da: float) -> None:
        _check(_lib.pm_step(self._h, a, da), "pm_step")

    def positions(self, out: np.ndarray) -> None:
        _check(_lib.pm_positions(self._h, out.ctypes.data, out.shape[0]), "pm_positions")

    def power_spectrum(self, n_bins: int = 128) -> tuple[np.ndarray, np.ndarray]:
        k, pk = np.empty(n_bins), np.empty(n_bins)
        _check(_lib.pm_power_spectrum(self._h, n_bins, k.ctypes.data, pk.ctypes.data), "pm_power_spectrum")
        return k, pk

    def write_snapshot(self, path: str, a: float) -> None:
        _check(_lib.pm_write_snapshot(self._h, path.encode(), a), "pm_write_snapshot")

    def checkpoint(self, path: str) -> None:
        _check(_lib.pm_checkpoint(self._h, path.encode()), "pm_checkpoint")

    def close(self) -> None:
        if self._h:
            _lib.pm_finalize(self._h)
            self._h = ctypes.c_void_p()
