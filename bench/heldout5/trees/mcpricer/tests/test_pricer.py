import numpy as np
import pytest

cupy = pytest.importorskip("cupy")
import cupyx  # noqa: E402

from pricer.gpu_paths import PathCache  # noqa: E402
from pricer.market import MarketData, Option, black_scholes  # noqa: E402


def test_bs_put_call_parity():
    m = MarketData(spot=100, rate=0.01, div=0.0, vol=0.2)
    c = black_scholes(Option("call", 100, 1.0), m)
    p = black_scholes(Option("put", 100, 1.0), m)
    assert c - p == pytest.approx(100 - 100 * np.exp(-0.01), rel=1e-6)


def test_path_cache_terminal_mean():
    pc = PathCache(1 << 16, 32)
    term = pc.simulate(100.0, 0.0, 0.2, 1.0)
    ref = cupyx.empty_pinned((4,), dtype=np.float64)
    ref[:] = 100.0
    assert abs(term.mean() - ref[0]) < 1.0
