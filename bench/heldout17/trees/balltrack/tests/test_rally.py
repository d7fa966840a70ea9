import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")


def test_bounce_is_lowest_point():
    from balltrack.rally import RallyFit

    track = np.array([[0.0, 0.0, 1.0], [1.0, 0.5, 0.0], [2.0, 1.0, 0.8]])
    assert RallyFit(track).bounce() == (1.0, 0.5)


def test_hostmem_header():
    m = cv2.cuda.HostMem(4, 4, cv2.CV_8UC1)
    assert m.createMatHeader().shape == (4, 4)
