import ctypes

import numpy as np
import pytest

hip = pytest.importorskip("radxfer.hip")


def test_register_roundtrip():
    a = np.zeros(1 << 16)
    hip.check(hip.lib.hipHostRegister(a.ctypes.data, a.nbytes, hip.HOST_REGISTER_DEFAULT))
    try:
        a[:] = 1.0
        assert a.sum() == a.size
    finally:
        hip.check(hip.lib.hipHostUnregister(a.ctypes.data))


def test_bad_pointer_reports():
    with pytest.raises(hip.HipError):
        hip.check(hip.lib.hipHostUnregister(ctypes.c_void_p(0x10)))


def test_monitor_flags_hot_columns():
    from radxfer.monitor import heating_rate_monitor

    h = np.zeros((8, 4))
    with heating_rate_monitor(h, limit_k_per_day=1.0) as hot:
        h[3, 2] = 5.0
    assert hot == [3]
