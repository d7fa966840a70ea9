import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv

from astrostack.stack import sigma_clip_mean


def test_clip_rejects_outlier():
    stack = np.ones((5, 4, 4), dtype=np.float32)
    stack[2, 1, 1] = 1000.0
    out = sigma_clip_mean(stack, 2.0, 3)
    assert abs(out[1, 1] - 1.0) < 1e-3


def test_pagelocked():
    a = drv.pagelocked_empty((4, 4), dtype=np.float32)
    a.fill(1)
    assert a.sum() == 16
