import numpy as np
import pytest

_hivecam = pytest.importorskip("hivecam._hivecam")


def test_reddish_oval_is_flagged():
    frame = np.full((120, 160, 3), 200, np.uint8)
    frame[50:60, 70:82] = (20, 40, 120)  # BGR: dark red-brown oval-ish patch
    det = _hivecam.MiteDetector(0.02)
    det.ingest(frame)
    hits = det.detect([(60, 40, 40, 30)])
    assert len(hits) == 1 and hits[0][4] > 0.02
