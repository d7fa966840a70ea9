from __future__ import annotations

import argparse
import ctypes
import logging
from dataclasses import dataclass

import numpy as np
import pycuda.driver as cuda

from . import _gs
from ._drv import load_driver
from .diagnostics import ProbeArray
from .response import ResponseModel

log = logging.getLogger("tokamak")


@dataclass
class ReconConfig:
    machine: str = "mst2"
    lib: str = "build/libtkdrv.so"
    coils: str = "machine/mst2_coils.txt"
    greens: str = "machine/mst2_greens.npy"
    n_channels: int = 256
    n_probes: int = 180
    ring_samples: int = 1 << 20
    max_coils: int = 64
    n_coeffs: int = 6
    nr: int = 129
    nz: int = 129


class Reconstructor:
    def __init__(self, cfg: ReconConfig):
        self.cfg = cfg
        self.lib = load_driver(cfg.lib)
        self.dig = self.lib.tk_open_digitizer(cfg.n_channels, cfg.ring_samples)
        if not self.dig:
            raise RuntimeError("cannot open digitiser ring")
        self.coils = np.zeros((cfg.max_coils, 6), dtype=np.float32)
        ptr = self.coils.ctypes.data_as(ctypes.POINTER(ctypes.c_float))
        self.n_coils = self.lib.tk_load_coil_geometry(self.dig, cfg.coils.encode(), ptr, cfg.max_coils)
        if self.n_coils <= 0:
            raise RuntimeError(f"coil geometry: {self.n_coils}")
        self.probes = ProbeArray(cfg.machine, cfg.n_probes)
        self.model = ResponseModel(np.load(cfg.greens))
        self.gs = _gs.GradShafranov(cfg.nr, cfg.nz, 0.4, 2.0, -1.2, 1.2)
        self.coeffs = np.zeros(2 * cfg.n_coeffs)
        self.coeffs[0] = 1.0
        # last fitted profile, read by the plasma-control feed through a mapped view
        self.profile = cuda.register_host_memory(np.zeros(2 * cfg.n_coeffs, dtype=np.float64))

    def fit_slice(self, t: float) -> np.ndarray:
        raw = np.empty(self.cfg.n_channels, dtype=np.float32)
        rc = self.lib.tk_fetch_slice(self.dig, raw.ctypes.data_as(ctypes.POINTER(ctypes.c_float)),
                                     len(raw), t)
        if rc != 0:
            raise RuntimeError(f"tk_fetch_slice({t:.4f}) = {rc}")
        meas = self.probes.measure(raw)
        self.coeffs = self.model.fit(meas, self.coeffs)
        self.profile[:] = self.coeffs
        half = len(self.coeffs) // 2
        currents = raw[self.cfg.n_probes: self.cfg.n_probes + self.n_coils].astype(np.float64)
        return self.gs.solve(currents, self.coeffs[:half], self.coeffs[half:], 50, 1e-6)

    def run(self, t0: float, t1: float, dt: float) -> list[np.ndarray]:
        out = []
        for t in np.arange(t0, t1, dt):
            out.append(self.fit_slice(float(t)))
        return out

    def close(self) -> None:
        self.lib.tk_close(self.dig)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shot", type=int, required=True)
    ap.add_argument("--t0", type=float, default=0.1)
    ap.add_argument("--t1", type=float, default=2.5)
    ap.add_argument("--dt", type=float, default=1e-3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    rec = Reconstructor(ReconConfig())
    try:
        psi = rec.run(args.t0, args.t1, args.dt)
    finally:
        rec.close()
    np.save(f"psi_{args.shot}.npy", np.stack(psi))


if __name__ == "__main__":
    main()
