import numpy as np
import pytest

cp = pytest.importorskip("cupy")

from photoz.config import SurveyConfig  # noqa: E402
from photoz.fit import TemplateFitter  # noqa: E402


def test_chunked_fit_matches_single_chunk():
    rng = np.random.default_rng(3)
    grid = cp.asarray(rng.uniform(1, 2, size=(4, 37, 5)).astype(np.float32))
    flux = cp.asarray(np.concatenate([rng.uniform(1, 2, (10, 5)), np.full((10, 5), 0.1)], 1).astype(np.float32))
    small = TemplateFitter(SurveyConfig(name="t", catalog=".", bands=tuple("ugriz"), z_chunk=8))
    big = TemplateFitter(SurveyConfig(name="t", catalog=".", bands=tuple("ugriz"), z_chunk=64))
    a = small.fit_tile(flux, grid)
    b = big.fit_tile(flux, grid)
    np.testing.assert_allclose(a, b, rtol=1e-5)
