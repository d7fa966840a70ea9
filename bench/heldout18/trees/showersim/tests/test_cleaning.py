import cupyx
import numpy as np

from showersim.cleaning import TailcutCleaner
from showersim.config import RunConfig


def test_isolated_pixel_removed():
    cfg = RunConfig(batch_events=2, n_pixels=4, n_samples=3)
    neigh = np.array([[1, 2], [0, 3], [0, 3], [1, 2]])
    wf = cupyx.empty_pinned((2, 4, 3), dtype=np.float32)
    wf[:] = 0
    wf[0, 0] = 20.0
    charge, mask = TailcutCleaner(cfg, neigh)(wf)
    assert not mask[0, 0]
