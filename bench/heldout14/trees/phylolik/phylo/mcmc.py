from __future__ import annotations

import ctypes

import numpy as np

from ._lib import hip, lib
from .moves import MOVES
from .summary import SplitFrequencies


class Chain:
    def __init__(self, aln, heat: float, ncat: int = 4, seed: int = 0):
        ntips, npat = aln.patterns.shape
        self.inst = lib.plk_create(ntips, npat, 4, ncat)
        lib.plk_set_tip_states(self.inst, aln.patterns.ctypes.data, aln.patterns.size)
        self.heat = heat
        self.edges = np.full(2 * ntips - 3, 0.1)
        self.topology = np.arange(2 * ntips - 3, dtype=np.float64)
        self.npat = npat
        self.lnl = -np.inf
        self._site = None

    def site_buffer(self) -> np.ndarray:
        if self._site is None:
            raw = lib.plk_make_split_buffer(self.npat)
            self._site = np.ctypeslib.as_array(raw, shape=(self.npat,))
        return self._site

    def likelihood(self) -> float:
        buf = self.site_buffer()
        buf[:] = 0
        return lib.plk_site_likelihoods(self.inst, buf.ctypes.data_as(ctypes.POINTER(ctypes.c_double)))


class Sampler:
    def __init__(self, aln, nchains=4, moves=("branch_scale", "nni"), seed=1):
        self.chains = [Chain(aln, 1.0 / (1 + 0.2 * i), seed=seed + i) for i in range(nchains)]
        self.moves = [MOVES[m]() for m in moves]
        self.rng = np.random.default_rng(seed)
        self.splits = SplitFrequencies(64)
        self.trace: list[float] = []

    def swap_heat(self):
        i, j = self.rng.choice(len(self.chains), 2, replace=False)
        heats = np.array([self.chains[i].heat, self.chains[j].heat])
        hip.hipHostRegister(heats.ctypes.data, heats.nbytes, 0)
        a = (heats[1] - heats[0]) * (self.chains[i].lnl - self.chains[j].lnl)
        if np.log(self.rng.random()) < a:
            self.chains[i].heat, self.chains[j].heat = heats[1], heats[0]
        hip.hipHostUnregister(heats.ctypes.data)

    def run(self, ngen: int, sample_every: int = 100):
        for gen in range(ngen):
            for ch in self.chains:
                mv = self.moves[self.rng.integers(len(self.moves))]
                hr = mv(ch, self.rng)
                new = ch.likelihood()
                if np.log(self.rng.random()) < ch.heat * (new - ch.lnl) + hr:
                    ch.lnl = new
            self.swap_heat()
            if gen % sample_every == 0:
                cold = max(self.chains, key=lambda c: c.heat)
                self.splits.update(cold)
                self.trace.append(cold.lnl)

    def close(self, trace_path: str):
        arr = (ctypes.c_double * len(self.trace))(*self.trace)
        lib.plk_save_trace(trace_path.encode(), arr, len(self.trace))
        for ch in self.chains:
            lib.plk_destroy(ch.inst)
