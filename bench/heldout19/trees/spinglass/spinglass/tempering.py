from __future__ import annotations

import json
import logging

import cupy as cp
import numpy as np

from .config import RunConfig
from .io import load_couplings
from .lattice import CupyMetropolis, energy, neighbour_table, random_couplings
from .measure import overlap_histograms, replica_snapshots
from .observables import Observables
from .staging import make_staging_pool

log = logging.getLogger(__name__)


def exchange_pairs(energies: np.ndarray, betas: np.ndarray, rng: cp.random.Generator):
    """Accepted exchanges between neighbouring temperatures (even or odd pairs)."""
    n = len(betas)
    buf = cp.cuda.alloc_pinned_memory((n - 1) * 8)
    u = np.frombuffer(buf, dtype=np.float64, count=n - 1)
    rng.random(n - 1, dtype=cp.float64).get(out=u)
    start = int(u[0] < 0.5)
    for i in range(start, n - 1, 2):
        delta = (betas[i + 1] - betas[i]) * (energies[i + 1] - energies[i])
        if delta >= 0 or u[i] < np.exp(delta):
            yield i, i + 1


def make_updater(backend: str, L: int, seed: int):
    if backend == "pycuda":
        from .metropolis_pycuda import PyCudaMetropolis

        return PyCudaMetropolis(L, neighbour_table(L).get())
    return CupyMetropolis(L, seed)


class ParallelTempering:
    def __init__(self, cfg: RunConfig):
        self.cfg = cfg
        self.L = cfg.L
        self.n = cfg.L ** 3
        self.betas = np.geomspace(cfg.beta_min, cfg.beta_max, cfg.replicas)
        if cfg.couplings is not None:
            self.J = load_couplings(cfg.couplings, cfg.L)
        else:
            self.J = random_couplings(cfg.L, cfg.seed)
        rng = np.random.default_rng(cfg.seed)
        self.spins = cp.asarray(rng.choice(np.array([-1, 1], np.int8), size=(cfg.replicas, self.n)))
        self.staging = make_staging_pool(cfg.checkpoint_slots, (cfg.replicas, self.n))
        self.obs = Observables(self.betas, cfg.L)
        self.update = make_updater(cfg.backend, cfg.L, cfg.seed)
        self.rng = cp.random.default_rng(cfg.seed + 1)
        self.pairs = [(r, r + 1) for r in range(0, cfg.replicas - 1, 2)]
        self.hist_acc: dict = {}
        cfg.out_dir.mkdir(parents=True, exist_ok=True)
        self.samples = open(cfg.out_dir / "samples.bin", "wb")

    def checkpoint(self, sweep: int, energies: np.ndarray, snaps: list[np.ndarray]) -> None:
        self.samples.write(sweep.to_bytes(8, "little"))
        self.samples.write(energies.astype(np.float64).tobytes())
        for s in snaps:
            self.samples.write(s.tobytes())
        self.samples.flush()

    def run(self) -> None:
        for sweep in range(self.cfg.sweeps):
            for r, beta in enumerate(self.betas):
                self.update(self.spins[r], self.J, float(beta), sweep)
            e = energy(self.spins, self.J, self.L).get()
            for i, j in exchange_pairs(e, self.betas, self.rng):
                self.spins[[i, j]] = self.spins[[j, i]]
                e[i], e[j] = e[j], e[i]
            if sweep % self.cfg.measure_every == 0:
                slot = self.staging[(sweep // self.cfg.measure_every) % len(self.staging)]
                self.spins.get(out=slot)
                self.obs.update(e, slot.astype(np.float64).mean(axis=1))
                for key, h in overlap_histograms(self.spins, self.pairs).items():
                    self.hist_acc[key] = self.hist_acc.get(key, 0) + h
            if sweep % self.cfg.checkpoint_every == 0:
                self.checkpoint(sweep, e, replica_snapshots(self.spins))
                log.info("sweep %d: E/N = %s", sweep, np.round(e[:4] / self.n, 4))

    def close(self) -> None:
        self.samples.close()
        with open(self.cfg.out_dir / "observables.json", "w") as fh:
            json.dump(self.obs.summary(), fh, indent=1)
        np.savez(self.cfg.out_dir / "overlaps.npz",
                 **{f"q_{a}_{b}": h for (a, b), h in self.hist_acc.items()})
