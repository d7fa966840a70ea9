import numpy as np
import pytest

cupyx = pytest.importorskip("cupyx")


def test_foster_small_for_large_miss(tmp_path):
    from conjscreen.pc import CovarianceStore, collision_probability

    cov = np.tile(np.eye(6, dtype=np.float32) * 0.01, (2, 1, 1))
    np.save(tmp_path / "cov.npy", cov)
    store = CovarianceStore(str(tmp_path / "cov.npy"))
    pc = collision_probability(store, [(0, 1)], np.array([[50.0, 0.0, 0.0]], dtype=np.float32), 0.02)
    assert pc[0] < 1e-12


def test_histogram_accumulates():
    counts = cupyx.zeros_pinned(100, dtype=np.int64)
    counts += np.histogram([1.0, 2.0, 99.0], bins=100, range=(0.0, 100.0))[0]
    assert counts.sum() == 3
