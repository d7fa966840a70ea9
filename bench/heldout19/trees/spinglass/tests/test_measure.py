import cupy as cp
import cupyx
import numpy as np

from spinglass.measure import overlap_histograms, replica_snapshots


def test_snapshots_copy_every_replica():
    spins = cp.ones((3, 64), dtype=cp.int8)
    snaps = replica_snapshots(spins)
    assert len(snaps) == 3 and all((s == 1).all() for s in snaps)


def test_identical_replicas_have_unit_overlap():
    spins = cp.ones((2, 128), dtype=cp.int8)
    h = overlap_histograms(spins, [(0, 1)])[(0, 1)]
    assert h[-1] == 2


def test_fresh_host_buffer_is_zeroed():
    h = cupyx.zeros_pinned(8, dtype=np.int64)
    assert not h.any()
