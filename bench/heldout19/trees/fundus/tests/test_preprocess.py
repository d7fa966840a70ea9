import cv2
import numpy as np
import pytest

from fundus.quality import QualityGate

pytestmark = pytest.mark.skipif(cv2.cuda.getCudaEnabledDeviceCount() == 0, reason="needs a CUDA device")


def test_hostmem_header_shares_memory():
    hm = cv2.cuda.HostMem(4, 4, cv2.CV_8UC1, cv2.cuda.HostMem_PAGE_LOCKED)
    view = hm.createMatHeader()
    view[:] = 7
    assert hm.createMatHeader()[0, 0] == 7


def test_quality_gate_rejects_dark_frame():
    ok, _ = QualityGate(10.0).check(np.zeros((64, 64, 3), np.uint8))
    assert not ok
