import numpy as np
import pytest

pycuda = pytest.importorskip("pycuda")
import pycuda.driver as cuda  # noqa: E402

from qsim.gates import GATES  # noqa: E402


def test_unitary():
    for name, m in GATES.items():
        assert np.allclose(m @ m.conj().T, np.eye(2), atol=1e-6), name


def test_host_roundtrip():
    import pycuda.autoinit  # noqa: F401
    buf = cuda.pagelocked_empty(8, dtype=np.complex64)
    buf[:] = 1
    d = cuda.to_device(buf)
    out = cuda.from_device_like(d, buf)
    assert np.allclose(out, 1)
