import numpy as np
from numba import cuda

from downscale.infer.bias_correct import apply_quantiles


def test_identity_quantile_map_is_identity():
    n_q = 11
    table = cuda.pinned_array((2, n_q), dtype=np.float64)
    table[0] = table[1] = np.linspace(0.0, 10.0, n_q)
    d_table = cuda.to_device(table)
    x = np.linspace(0.5, 9.5, 64).astype(np.float64)
    np.testing.assert_allclose(apply_quantiles(x, d_table), x, rtol=1e-6)
