import numpy as np

from windfarm._lib import Farm, fptr, lib


def test_sweep_prefers_some_misalignment():
    xy = np.array([[0, 0], [560, 0], [1120, 0]], np.float32)
    farm = Farm(xy, np.full(3, 70, np.float32), np.ones((10, 2), np.float32))
    angles = np.linspace(-20, 20, 9, dtype=np.float32)
    best = np.zeros(1, np.float32)
    assert lib.wk_sweep_yaw(farm.ctx, 0.0, 8.0, fptr(angles), 9, fptr(best)) == 0
    assert -20 <= best[0] <= 20
    farm.close()
