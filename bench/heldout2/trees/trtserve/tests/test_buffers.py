import numpy as np
import pytest

cuda = pytest.importorskip("pycuda.driver")
pytest.importorskip("pycuda.autoinit")


def test_pagelocked_roundtrip():
    host = cuda.pagelocked_empty(1024, np.float32)
    host[:] = np.arange(1024, dtype=np.float32)
    dev = cuda.mem_alloc(host.nbytes)
    cuda.memcpy_htod(dev, host)
    back = np.empty_like(host)
    cuda.memcpy_dtoh(back, dev)
    np.testing.assert_array_equal(back, host)
