import cupyx
import numpy as np

from lsdecon.rl import init_estimate, richardson_lucy


def test_flat_estimate():
    tile = np.full((8, 8, 8), 3.0, dtype=np.float32)
    est = init_estimate(tile)
    assert np.allclose(est, 3.0)


def test_delta_psf_is_identity():
    tile = cupyx.zeros_pinned((8, 8, 8), dtype=np.float32)
    tile[4, 4, 4] = 1.0
    psf = np.zeros((3, 3, 3), dtype=np.float32)
    psf[1, 1, 1] = 1.0
    est, _ = richardson_lucy(tile, psf, 3)
    assert abs(float(est[4, 4, 4]) - 1.0) < 1e-3
