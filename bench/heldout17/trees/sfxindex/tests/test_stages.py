import numpy as np
import pytest
import torch

from sfxindex.frames import FrameView
from sfxindex.stages import PeakCount, Stage


def test_registry_has_builtin_stages():
    assert {"radial", "npeaks"} <= set(Stage.registry)


def test_peak_count():
    fv = FrameView(0, np.zeros(16, dtype=np.float32))
    out = PeakCount({})(fv, [(0, 1.0, 2.0, 30.0)])
    assert out == {"n_peaks": 1, "max_i": 30.0}


@pytest.mark.skipif(not torch.cuda.is_available(), reason="CUDA")
def test_pinned_property_is_pinned():
    fv = FrameView(0, np.ones(64, dtype=np.float32))
    assert fv.pinned.is_pinned()
