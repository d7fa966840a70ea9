from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._lib import RV_GLOBAL, RV_PER_PHASE, Context, check, lib


@dataclass
class Phase:
    name: str
    hkl_table: str
    cell: tuple[float, float, float, float, float, float]
    scale: float = 1.0
    b_iso: float = 0.5

    def vector(self) -> list[float]:
        return [self.scale, *self.cell, self.b_iso]


def load_phases(ctx: Context, phases: list[Phase]) -> None:
    for i, ph in enumerate(phases):
        check(lib.rv_load_cif_table(ctx.handle, ph.hkl_table.encode(), i), f"reflections of {ph.name}")


def initial_vector(phases: list[Phase], zero: float = 0.0) -> np.ndarray:
    glob = [zero, 0.004, -0.002, 0.006, 0.5, 0.0]  # zero, U, V, W, eta, scale tweak
    assert len(glob) == RV_GLOBAL
    out = glob + [v for ph in phases for v in ph.vector()]
    assert len(out) == RV_GLOBAL + RV_PER_PHASE * len(phases)
    return np.asarray(out, dtype=np.float64)
