import numpy as np
from numba import cuda

from fno.data.loader import BatchLoader
from fno.data.normalizer import UnitGaussianNormalizer


def test_batches_have_requested_shape():
    data = cuda.pinned_array((40, 2, 8, 8), dtype=np.float32)
    data[:] = np.random.default_rng(1).standard_normal(data.shape)
    batches = list(BatchLoader(data, 10).batches(6))
    assert len(batches) == 6 and batches[0].shape == (2, 10, 8, 8)


def test_normalizer_round_trip():
    x = np.random.default_rng(2).standard_normal((16, 8, 8)).astype(np.float32)
    n = UnitGaussianNormalizer(x)
    assert np.allclose(n.decode(n.encode(x)), x, atol=1e-5)
