"""The chemistry half of the splitting step."""
from __future__ import annotations

import numpy as np

from ._cffi import check, dptr, ffi, lib
from .mechanisms import MECHANISMS


class ChemistryIntegrator:
    def __init__(self, mech_name: str, n_cells: int, staging: str = "registered"):
        self.mech = MECHANISMS[mech_name]
        self.n_cells = n_cells
        self.staging = staging
        self.ctx = lib.ck_create(n_cells)
        if self.ctx == ffi.NULL:
            raise RuntimeError(ffi.string(lib.ck_error()).decode())
        check(lib.ck_load_mechanism(self.ctx, self.mech.path.encode()), "ck_load_mechanism")
        self.n_species = lib.ck_n_species(self.ctx)
        # packed (T, p, Y_1..Y_n) rows; registered once and reused every step
        self.packed = np.zeros((n_cells, self.n_species + 2))
        if staging == "registered":
            check(lib.ck_register_state(self.ctx, dptr(self.packed), n_cells), "ck_register_state")

    def advance(self, T: np.ndarray, p: np.ndarray, Y: np.ndarray, dt: float) -> None:
        """Integrate the source terms of every cell over dt, in place."""
        n = T.size
        if self.staging == "registered":
            self.packed[:n, 0] = T.ravel()
            self.packed[:n, 1] = p.ravel()
            self.packed[:n, 2:] = Y.reshape(n, -1)
            check(lib.ck_integrate_registered(self.ctx, n, dt), "ck_integrate_registered")
            rows = self.packed[:n]
        else:
            rows = np.concatenate([T.reshape(n, 1), p.reshape(n, 1), Y.reshape(n, -1)], axis=1)
            check(lib.ck_integrate_pageable(self.ctx, dptr(rows), n, dt), "ck_integrate_pageable")
        T.ravel()[:] = rows[:, 0]
        Y.reshape(n, -1)[:] = rows[:, 2:]

    def ignition_delays(self, temps: np.ndarray, pressure: float) -> np.ndarray:
        temps = np.ascontiguousarray(temps, dtype=np.float64)
        tau = np.empty_like(temps)
        check(lib.ck_ignition_delay_table(self.ctx, dptr(temps), temps.size, pressure, dptr(tau)), "ignition")
        return tau

    def close(self, budget_path: str | None = None) -> None:
        if budget_path:
            lib.ck_write_species_budget(self.ctx, budget_path.encode())
        lib.ck_unregister_state(self.ctx)
        lib.ck_destroy(self.ctx)
        self.ctx = ffi.NULL
