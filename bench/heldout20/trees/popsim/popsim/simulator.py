from __future__ import annotations

import itertools
import logging
from pathlib import Path

import cupy as cp
import numpy as np

from .config import SimParams
from .demography import DemographyModel
from .fitness import relative_fitness
from .genotypes import read_vcf_chunks
from .migration import migrate_demes
from .mutation import MUTATORS
from .recombination import apply_crossovers, recombination_events
from .sfs import site_frequency_spectrum
from .staging import make_stage_pool

log = logging.getLogger(__name__)


class Simulator:
    def __init__(self, model: DemographyModel, params: SimParams, backend: str = "cupy", seed: int = 1):
        self.model = model
        self.params = params
        self.rng = np.random.default_rng(seed)
        self.mutator = MUTATORS[backend](params.mutation_rate)
        sizes = model.sizes_at(0)
        self.demes = [cp.zeros((int(n), params.loci), dtype=cp.uint8) for n in sizes]
        largest = (int(model.sizes_at(model.generations).max()), params.loci)
        self._stages = itertools.cycle(make_stage_pool(3, largest))
        self.spectra: dict[int, np.ndarray] = {}

    def seed_from(self, founders: np.ndarray) -> None:
        for d in self.demes:
            idx = self.rng.choice(founders.shape[0], d.shape[0])
            d[:] = cp.asarray(founders[idx, : d.shape[1]])

    def seed_from_vcf(self, path: str) -> None:
        n = self.demes[0].shape[0]
        blocks = list(read_vcf_chunks(path, n))
        ref = cp.concatenate(blocks, axis=1)[:, : self.params.loci]
        for d in self.demes:
            d[:, : ref.shape[1]] = ref[: d.shape[0]]

    def _reproduce(self, g: cp.ndarray, n_next: int) -> cp.ndarray:
        w = relative_fitness(g, self.params.selection, 1.0)
        parents = cp.random.choice(g.shape[0], n_next, p=w)
        return g[parents]

    def generation(self, t: int) -> None:
        sizes = self.model.sizes_at(t)
        self.demes = [self._reproduce(g, int(n)) for g, n in zip(self.demes, sizes)]
        for g in self.demes:
            for positions in recombination_events(g.shape[0], g.shape[1], self.params.recombination_rate, self.rng):
                apply_crossovers(g, positions)
            self.mutator.apply(g, self.rng)
        migrate_demes(self.demes, self.model.migration, self.rng)

    def checkpoint(self, t: int, out_dir: Path) -> None:
        g = self.demes[0]
        buf = next(self._stages)[: g.shape[0]]
        g.get(out=buf)
        np.save(out_dir / f"deme0_g{t:06d}.npy", buf)

    def run(self, generations: int, out_dir: str = "out") -> None:
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        for t in range(generations):
            self.generation(t)
            if t % self.params.sfs_every == 0:
                self.spectra[t] = site_frequency_spectrum(self.demes[0], 20, self.params.sfs_window)
            if t and t % self.params.checkpoint_every == 0:
                self.checkpoint(t, out)
                log.info("generation %d: sizes %s", t, [g.shape[0] for g in self.demes])
