"""Analysis hooks called by Simulation.run after every step."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from numba import cuda

from .cosmology import growth_table
from .fof import fof_groups


class Hook:
    def after_step(self, sim, step: int, a: float) -> None:
        pass

    def finish(self, sim) -> None:
        pass


class PowerSpectrumHook(Hook):
    def __init__(self, out_dir: Path, every: int):
        self.out = out_dir
        self.every = every
        self.rows = []

    def after_step(self, sim, step, a):
        if step % self.every:
            return
        k, pk = sim.core.power_spectrum(128)
        self.rows.append({"a": a, "k": k.tolist(), "pk": pk.tolist()})

    def finish(self, sim):
        (self.out / "power.json").write_text(json.dumps(self.rows))


class HaloHook(Hook):
    def __init__(self, out_dir: Path, every: int, box: float):
        self.out = out_dir
        self.every = every
        self.box = box
        self.mass_functions = []

    def after_step(self, sim, step, a):
        if step % self.every:
            return
        pos = cuda.pinned_array((sim.core.n_part, 3), dtype=np.float32)
        sim.core.positions(pos)
        sizes = fof_groups(np.array(pos), self.box)
        hist, edges = np.histogram(np.log10(sizes), bins=30, range=(1.0, 6.0))
        self.mass_functions.append({"a": a, "n": hist.tolist()})

    def finish(self, sim):
        (self.out / "hmf.json").write_text(json.dumps(self.mass_functions))


class LightconeHook(Hook):
    """Particles crossing the past light cone, binned into comoving shells."""

    def __init__(self, out_dir: Path, n_shells: int, n_part: int, omega_m: float):
        self.out = out_dir
        self.shells = []
        for shell in range(n_shells):
            self.shells.append(cuda.pinned_array((n_part // n_shells, 3), dtype=np.float32))
        self.counts = [0] * n_shells
        self.growth = growth_table(omega_m)
        self.staging = np.empty((n_part, 3), dtype=np.float32)

    def after_step(self, sim, step, a):
        if step % 5:
            return
        sim.core.positions(self.staging)
        shell = min(int((1.0 - a) * len(self.shells)), len(self.shells) - 1)
        n = min(self.shells[shell].shape[0] - self.counts[shell], 1024)
        if n > 0:
            self.shells[shell][self.counts[shell]:self.counts[shell] + n] = self.staging[:n]
            self.counts[shell] += n

    def finish(self, sim):
        for i, (buf, n) in enumerate(zip(self.shells, self.counts)):
            np.save(self.out / f"lightcone_{i:02d}.npy", buf[:n])
