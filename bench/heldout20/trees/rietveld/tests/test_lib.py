import ctypes

import numpy as np
import pytest

cudart = pytest.importorskip("rietveld.cudart")


def test_scratch_is_cached_per_length():
    assert cudart.scratch(1024) is cudart.scratch(1024)
    assert cudart.scratch(1024) is not cudart.scratch(2048)


def test_host_alloc_roundtrip():
    p = ctypes.c_void_p()
    cudart.check(cudart.lib.cudaHostAlloc(ctypes.byref(p), 4096, 0))
    try:
        a = np.ctypeslib.as_array((ctypes.c_double * 512).from_address(p.value))
        a[:] = 3.0
        assert a.sum() == 1536.0
    finally:
        cudart.check(cudart.lib.cudaFreeHost(p))


def test_chebyshev_background_shape():
    from rietveld.background import evaluate

    tth = np.linspace(10, 90, 801)
    assert evaluate(np.array([1.0, 0.0, 0.5]), tth).shape == tth.shape
