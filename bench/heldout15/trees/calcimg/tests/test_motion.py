import numpy as np
import pytest
import torch

from calcimg.features import roi_shape_features
from calcimg.pipeline import shift_frame


def test_shift_frame_roundtrip():
    img = np.random.default_rng(0).random((32, 32)).astype(np.float32)
    back = shift_frame(shift_frame(img, 3, -2), -3, 2)
    assert np.allclose(back, img)


def test_shape_features_of_disc():
    yy, xx = np.mgrid[:21, :21]
    disc = ((yy - 10) ** 2 + (xx - 10) ** 2) <= 36
    feats = roi_shape_features(disc)
    assert feats[0] == disc.sum()
    assert feats[1] == pytest.approx(1.0, abs=0.1)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_slot_copy():
    slot = torch.zeros((8, 8), pin_memory=True)
    slot.copy_(torch.ones(8, 8))
    assert slot.to("cuda", non_blocking=True).sum().item() == 64
