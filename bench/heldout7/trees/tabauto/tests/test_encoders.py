import numpy as np

from tabauto.features.encoders import TargetEncoder


def test_target_encoder_smoothing():
    codes = np.array([0, 0, 1, 1, 1], dtype=np.int32)
    y = np.array([1, 0, 1, 1, 1], dtype=np.float32)
    enc = TargetEncoder(smoothing=0.0).fit(codes, y)
    assert np.allclose(enc.maps, [0.5, 1.0])
