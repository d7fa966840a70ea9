import numpy as np

from shelfscan import Facing, Rectifier


def test_warp_returns_one_crop_per_facing():
    frame = np.random.default_rng(0).integers(0, 255, (540, 960, 3), dtype=np.uint8)
    facings = [Facing(x, 0, 96, 540) for x in (0, 96, 192)]
    crops = Rectifier().warp(frame, facings)
    assert len(crops) == len(facings)
    assert all(c.shape == (256, 128, 3) for c in crops)
