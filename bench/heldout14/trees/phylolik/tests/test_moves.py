import numpy as np

from phylo._lib import hip


def test_register_roundtrip():
    a = np.zeros(1024)
    assert hip.hipHostRegister(a.ctypes.data, a.nbytes, 0) == 0
    assert hip.hipHostUnregister(a.ctypes.data) == 0
