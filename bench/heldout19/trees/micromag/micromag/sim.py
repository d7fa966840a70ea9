from __future__ import annotations

import numpy as np

from . import _exchange
from ._ffi import LLGError, check, ffi, fptr, lib
from .config import SimConfig
from .pinning import pin_numpy


class Simulation:
    def __init__(self, cfg: SimConfig):
        self.cfg = cfg
        params = ffi.new("mm_params*", {
            "nx": cfg.nx, "ny": cfg.ny, "nz": cfg.nz,
            "dx": cfg.dx, "dy": cfg.dx, "dz": cfg.dx,
            "Ms": cfg.Ms, "Aex": cfg.Aex, "alpha": cfg.alpha, "Ku1": cfg.Ku1,
        })
        self.ctx = lib.mm_create(params)
        if self.ctx == ffi.NULL:
            raise LLGError("mm_create failed")
        ncell = cfg.nx * cfg.ny * cfg.nz
        self.m = np.zeros(3 * ncell, np.float32)
        self.m[2::3] = 1.0
        self._m_region = pin_numpy(self.m)
        self.h = np.zeros(3 * ncell, np.float32)
        self.h_demag = np.zeros(3 * ncell, np.float32)
        if cfg.geometry is not None:
            check(lib.mm_load_geometry(self.ctx, str(cfg.geometry).encode()))
            self.geom = np.fromfile(cfg.geometry, np.uint8)[16:16 + ncell].copy()
        else:
            self.geom = np.ones(ncell, np.uint8)
        _exchange.initialize()
        self.exchange = _exchange.ExchangeOp(cfg.nx, cfg.ny, cfg.nz, cfg.dx, cfg.Aex, cfg.Ms)
        self._observers = []
        self.t = 0.0

    def add_observer(self, fn) -> None:
        self._observers.append(fn)

    def remove_observer(self, fn) -> None:
        self._observers.remove(fn)

    def run(self, steps: int, h_ext=(0.0, 0.0, 0.0)) -> None:
        h = ffi.new("float[3]", list(h_ext))
        self.cfg.out_dir.mkdir(parents=True, exist_ok=True)
        for step in range(steps):
            check(lib.mm_step(self.ctx, self.cfg.dt, h))
            check(lib.mm_demag_field(self.ctx, fptr(self.h_demag)))
            check(lib.mm_get_magnetisation(self.ctx, fptr(self.m)))
            self.h[:] = self.h_demag
            self.exchange.apply(self.m, self.h)
            self.exchange.gather_boundary(self.geom)
            for fn in self._observers:
                fn(step, self.m, self.h)
            self.t += self.cfg.dt
            if self.cfg.save_every and step % self.cfg.save_every == 0:
                path = self.cfg.out_dir / f"m{step:08d}.ovf"
                check(lib.mm_save_ovf(self.ctx, str(path).encode(), self.t))

    def close(self) -> None:
        check(lib.mm_energy_report(self.ctx, str(self.cfg.out_dir / "energy.log").encode()))
        self._m_region.release()
        lib.mm_destroy(self.ctx)
        self.ctx = ffi.NULL
