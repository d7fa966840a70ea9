import numpy as np
import pytest

cp = pytest.importorskip("cupy")
from numba import cuda  # noqa: E402

from popsim.sfs import site_frequency_spectrum  # noqa: E402


def test_monomorphic_sites_land_in_bin_zero():
    g = cp.zeros((10, 1000), dtype=cp.uint8)
    sfs = site_frequency_spectrum(g, 10, window=256)
    assert sfs[0] == 1000 and sfs[1:].sum() == 0


def test_pinned_roundtrip():
    host = cuda.pinned_array(1024, dtype=np.int32)
    host[:] = np.arange(1024)
    d = cuda.to_device(host)
    assert (d.copy_to_host() == np.arange(1024)).all()
