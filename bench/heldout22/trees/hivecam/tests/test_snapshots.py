import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from hivecam.snapshots import pending, snapshot_for  # noqa: E402


def test_same_frame_name_reuses_the_block():
    a = np.zeros((4, 6, 3), np.uint8)
    first = snapshot_for("hive01_000001.jpg", a)
    second = snapshot_for("hive01_000001.jpg", a + 1)
    assert first is second
    assert len(pending()) == 1
    assert second.createMatHeader()[0, 0, 0] == 1
