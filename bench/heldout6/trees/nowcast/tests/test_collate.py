import numpy as np
import torch

from nowcast.data.radar_dataset import stack_frames


def _sample(t0):
    return {"x": np.zeros((6, 8, 8), np.float32), "y": np.ones((12, 8, 8), np.float32), "t0": t0}


def test_stack_frames_shapes():
    out = stack_frames([_sample(0), _sample(1)])
    assert out["x"].shape == (2, 6, 1, 8, 8)
    assert out["y"].shape == (2, 12, 1, 8, 8)


def test_pinned_copy_roundtrip():
    ref = torch.arange(64, dtype=torch.float32).reshape(8, 8)
    host = torch.empty((8, 8), pin_memory=True)
    host.copy_(ref)
    assert torch.equal(host, ref)
