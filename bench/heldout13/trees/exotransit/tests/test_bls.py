import numpy as np
import pytest

pycuda = pytest.importorskip("pycuda.driver")


def test_recovers_injected_period():
    from exotransit.bls import BLSSearch
    from exotransit.lightcurve import LightCurve

    t = pycuda.pagelocked_empty(20000, np.float32)
    t[:] = np.linspace(0, 27, t.size)
    f = np.ones_like(t)
    f[(t % 3.2) < 0.1] -= 0.01
    bls = BLSSearch(1.0, 10.0, 5000, [2.4])
    power = bls.power(LightCurve(1, t, f, np.full_like(t, 1e-3)))
    assert abs(bls.periods[int(np.argmax(power))] - 3.2) < 0.05
