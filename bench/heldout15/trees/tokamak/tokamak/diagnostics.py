from __future__ import annotations

import functools

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda


@functools.lru_cache(maxsize=4)
def calibration_table(machine: str, n_probes: int) -> np.ndarray:
    """(offset, gain, effective area) per magnetic probe."""
    raw = np.loadtxt(f"calib/{machine}_mprobes.txt", dtype=np.float32).reshape(-1, 3)[:n_probes]
    table = cuda.pagelocked_zeros((n_probes, 3), dtype=np.float32)
    table[: len(raw)] = raw
    return table


class ProbeArray:
    def __init__(self, machine: str, n_probes: int):
        self.n = n_probes
        self.calib = calibration_table(machine, n_probes)
        self.signals = cuda.pagelocked_empty((n_probes,), dtype=np.float32)

    def measure(self, raw: np.ndarray) -> np.ndarray:
        c = self.calib
        self.signals[:] = (raw[: self.n] - c[:, 0]) * c[:, 1] / np.maximum(c[:, 2], 1e-6)
        return self.signals
