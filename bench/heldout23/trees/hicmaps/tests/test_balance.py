import numpy as np
import pytest

cp = pytest.importorskip("cupy")
cupyx = pytest.importorskip("cupyx")

from hicmaps.balance import ice_balance  # noqa: E402


def test_ice_equalises_marginals():
    rng = np.random.default_rng(3)
    true_bias = rng.uniform(0.5, 2.0, 64)
    base = rng.poisson(50, (64, 64)).astype(np.float32)
    base = (base + base.T) / 2
    host = cupyx.empty_pinned((64, 64), dtype=np.float32)
    host[:] = base * np.outer(true_bias, true_bias)
    bias = ice_balance(cp.asarray(host), max_iter=500, tol=1e-8)
    corrected = cp.asnumpy(cp.asarray(host) * bias[:, None] * bias[None, :])
    marg = corrected.sum(axis=1)
    assert np.std(marg) / np.mean(marg) < 1e-3
