import numpy as np
import pytest

cupyx = pytest.importorskip("cupyx")

from catmodel.metrics import aal, ep_curve  # noqa: E402


def test_aal():
    assert aal(np.array([0.0, 2.0])) == 1.0


def test_ep_curve_monotone():
    losses = cupyx.empty_pinned(10000, dtype=np.float64)
    losses[:] = np.random.default_rng(1).pareto(2.0, 10000)
    ep = ep_curve(np.asarray(losses))
    vals = [ep[k] for k in sorted(ep)]
    assert vals == sorted(vals)
