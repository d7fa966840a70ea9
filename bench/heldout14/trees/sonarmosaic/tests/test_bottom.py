import numpy as np
import torch

from sonarmosaic.bottom import track_bottom


def test_bottom_found():
    p = torch.zeros(400).pin_memory()
    p[150] = 1.0
    assert track_bottom([p.numpy()])[0] >= 0
