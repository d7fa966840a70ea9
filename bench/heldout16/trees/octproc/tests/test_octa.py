import numpy as np
import pytest

numba_cuda = pytest.importorskip("numba.cuda")
pytestmark = pytest.mark.skipif(not numba_cuda.is_available(), reason="needs a GPU")


def test_identical_repeats_do_not_decorrelate():
    from octproc.octa import decorrelation

    frame = np.random.default_rng(1).normal(2.0, 0.1, (8, 32)).astype(np.float32)
    out = decorrelation(np.repeat(frame[None], 4, axis=0))
    assert out.shape == (32, 8)
    assert np.abs(out).max() < 1e-5


def test_window_lut_clamps():
    from octproc.preview import _window_lut

    img = np.array([[-1.0, 6.0, 20.0]], dtype=np.float32)
    lut = np.repeat(np.arange(256, dtype=np.uint8)[:, None], 3, axis=1)
    rgb = numba_cuda.pinned_array((1, 3, 3), dtype=np.uint8)
    _window_lut[(1, 1), (16, 16)](numba_cuda.to_device(img), 0.0, 12.0, numba_cuda.to_device(lut), rgb)
    numba_cuda.synchronize()
    assert rgb[0, :, 0].tolist() == [0, 127, 255]
