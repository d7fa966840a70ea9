from __future__ import annotations

import ctypes

import numpy as np

from ._lib import lib

MOVES: dict[str, type] = {}


def move(name):
    def deco(cls):
        MOVES[name] = cls
        return cls
    return deco


@move("branch_scale")
class BranchScaler:
    def __init__(self, tuning=0.5):
        self.tuning = tuning

    def __call__(self, chain, rng):
        e = rng.integers(len(chain.edges))
        m = np.exp(self.tuning * (rng.random() - 0.5))
        chain.edges[e] *= m
        edges = np.ascontiguousarray(chain.edges, dtype=np.float64)
        lib.plk_update_matrices(chain.inst, edges.ctypes.data_as(ctypes.POINTER(ctypes.c_double)), len(edges))
        return np.log(m)


@move("nni")
class Nni:
    def __call__(self, chain, rng):
        a, b = rng.choice(len(chain.edges), 2, replace=False)
        chain.topology[[a, b]] = chain.topology[[b, a]]
        return 0.0
