import numpy as np
import pytest

cp = pytest.importorskip("cupy")
cupyx = pytest.importorskip("cupyx")
torch = pytest.importorskip("torch")

from eegbci.filters import FilterBank  # noqa: E402


def test_filter_bank_shapes():
    fb = FilterBank([(8, 12), (12, 30)], fs=250, n_taps=65)
    window = cupyx.empty_pinned((22, 500), dtype=np.float32)
    window[...] = np.random.default_rng(1).standard_normal((22, 500))
    out = fb.apply(torch.from_numpy(window))
    assert out.shape == (2, 22, 500)


def test_passband_keeps_alpha():
    fb = FilterBank([(8, 12)], fs=250, n_taps=129)
    t = np.arange(1000) / 250
    x = np.sin(2 * np.pi * 10 * t).astype(np.float32)[None]
    y = cp.asnumpy(fb.apply(torch.from_numpy(x)))[0, 0, 200:-200]
    assert np.std(y) > 0.5
