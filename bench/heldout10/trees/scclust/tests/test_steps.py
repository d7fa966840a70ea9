import cupy as cp
import cupyx
import numpy as np
import pytest

from scclust.steps.base import Chunk
from scclust.steps.normalize import Normalize


@pytest.fixture
def chunk():
    rng = np.random.default_rng(0)
    return Chunk(start=0, stop=64, data=cp.asarray(rng.poisson(2.0, size=(64, 100)).astype(np.float32)))


def test_normalize_sums_to_target(chunk):
    step = Normalize(100, target_sum=1e4, log1p=False)
    step.begin(64)
    out = step.apply(chunk)
    host = cupyx.empty_pinned((64,), dtype=np.float32)
    out.data.sum(axis=1).get(out=host)
    assert np.allclose(host, 1e4, rtol=1e-3)
    assert step.library_sizes.shape == (64,)
