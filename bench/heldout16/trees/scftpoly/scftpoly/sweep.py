"""Phase-diagram sweeps: for every chiN, solve every candidate phase from its seed and keep the
lowest free energy."""
from __future__ import annotations

from typing import Iterator

import numpy as np
import pycuda.driver as drv

from .driver import SCFTDriver
from .seeds import make_seed_fields, zero_field


def iter_chiN(driver: SCFTDriver, chis: np.ndarray, phases: list[str]) -> Iterator[tuple[float, str, float]]:
    shape = tuple(driver.cfg.cell.grid)
    seeds = make_seed_fields(phases, shape)
    best_w = drv.pagelocked_empty((2,) + shape, dtype=np.float64)
    for chiN in chis:
        best = (np.inf, "disordered")
        for name, seed in seeds.items():
            st = driver.solve(seed + zero_field(shape), -seed, chiN)
            if st.free_energy and st.free_energy[-1] < best[0]:
                best = (st.free_energy[-1], name)
                best_w[0] = seed
        yield chiN, best[1], best[0]
