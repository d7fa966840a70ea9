from __future__ import annotations

import logging

import numpy as np

from ._ffi import ffi, lib
from .settings import Settings
from .tallies import MeshTally, NuclideTally

log = logging.getLogger("nmc")


class NmcError(RuntimeError):
    pass


def _check(rc: int, what: str) -> None:
    if rc != 0:
        raise NmcError(f"{what} failed with code {rc}")


class Simulation:
    def __init__(self, settings: Settings):
        self.settings = settings
        cs = ffi.new("nmc_settings *")
        cs.particles = settings.particles
        cs.n_tally_bins = settings.n_tally_bins
        cs.mesh_nx, cs.mesh_ny, cs.mesh_nz = settings.mesh
        cs.seed = settings.seed
        self.ctx = lib.nmc_create(cs)
        if self.ctx == ffi.NULL:
            raise NmcError("nmc_create failed")
        _check(lib.nmc_load_xs(self.ctx, settings.xs_library.encode()), "nmc_load_xs")
        self._sab = np.load(settings.thermal).astype(np.float64)
        _check(lib.nmc_load_thermal(self.ctx, ffi.cast("double *", self._sab.ctypes.data), self._sab.size),
               "nmc_load_thermal")
        lib.nmc_load_urr(self.ctx, settings.urr.encode())
        self.tallies = [MeshTally(settings.mesh), NuclideTally(settings.nuclides, settings.reactions)]
        self.source_xyz = np.empty((settings.particles, 3))
        self.rng = np.random.default_rng(settings.seed)
        self.keff = []

    def _sample_positions(self) -> None:
        # uniform in the fuel region of a 17x17 assembly (1.26 cm pitch)
        self.source_xyz[:, :2] = self.rng.uniform(-10.71, 10.71, size=(self.settings.particles, 2))
        self.source_xyz[:, 2] = self.rng.uniform(-182.88, 182.88, size=self.settings.particles)

    def _run_batch(self, batch: int) -> float:
        self._sample_positions()
        _check(lib.nmc_sample_source(self.ctx, ffi.cast("double *", self.source_xyz.ctypes.data),
                                     self.settings.particles), "nmc_sample_source")
        keff = ffi.new("double *")
        _check(lib.nmc_run_batch(self.ctx, batch, self.settings.generations_per_batch, keff), "nmc_run_batch")
        if batch >= self.settings.inactive:
            for tally in self.tallies:
                tally.accumulate(self, batch)
        return keff[0]

    def run(self) -> float:
        for batch in range(self.settings.batches):
            k = self._run_batch(batch)
            self.keff.append(k)
            log.info("batch %4d  k = %.5f", batch + 1, k)
        active = self.keff[self.settings.inactive:]
        return float(np.mean(active)) if active else float("nan")

    def write_tallies(self, path: str) -> None:
        _check(lib.nmc_tally_snapshot(self.ctx, path.encode()), "nmc_tally_snapshot")

    def close(self) -> None:
        if self.ctx != ffi.NULL:
            lib.nmc_destroy(self.ctx)
            self.ctx = ffi.NULL
