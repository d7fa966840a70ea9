import numpy as np
import pytest
import torch

_letkf = pytest.importorskip("enkf._letkf")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_analysis_reduces_spread():
    n_state, members, nobs = 4096, 8, 128
    solver = _letkf.LetkfSolver(n_state, members, nobs, 500.0)
    rng = np.random.default_rng(0)
    ens = rng.standard_normal((members, n_state)).astype(np.float32)
    col = rng.integers(0, n_state, nobs).astype(np.int32)
    yo = torch.zeros(nobs, dtype=torch.float32).pin_memory()
    hx = ens[:, col].copy()
    before = ens.std(axis=0).mean()
    solver.analyze(yo.numpy(), hx, [1.0] * nobs, col, np.ones(n_state, np.float32), ens)
    assert ens.std(axis=0).mean() <= before * 1.5
