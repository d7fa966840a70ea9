import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")
pytestmark = pytest.mark.skipif(cv2.cuda.getCudaEnabledDeviceCount() == 0, reason="no CUDA device")


def test_hostmem_header_is_writable():
    hm = cv2.cuda.HostMem(4, 4, cv2.CV_8UC3)
    view = hm.createMatHeader()
    view[:] = 7
    assert int(np.asarray(hm.createMatHeader()).sum()) == 7 * 4 * 4 * 3


def test_shadow_normalised_keeps_shape():
    from weedspot.preprocess import shadow_normalised

    img = np.random.default_rng(0).integers(0, 255, (64, 96, 3), dtype=np.uint8)
    out = shadow_normalised(img, cv2.cuda.Stream())
    assert out.shape == img.shape
