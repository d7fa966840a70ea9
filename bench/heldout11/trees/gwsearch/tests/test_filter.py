import numpy as np
import pytest

numba_cuda = pytest.importorskip("numba.cuda")


@pytest.mark.skipif(not numba_cuda.is_available(), reason="needs CUDA")
def test_pinned_peaks_roundtrip():
    host = numba_cuda.pinned_array(16, dtype=np.float32)
    host[:] = np.arange(16)
    d = numba_cuda.to_device(host)
    assert d.copy_to_host()[-1] == 15
