import numpy as np
import torch

from nerf.data import prepare_rays


def test_prepare_rays_is_pinned():
    o = torch.zeros(16, 3)
    d = torch.ones(16, 3)
    rgb = torch.rand(16, 3)
    packed = prepare_rays(o, d, rgb)
    assert packed.is_pinned()
    assert np.allclose(packed[:, 6:9].numpy(), rgb.numpy())


def test_pinned_roundtrip():
    host = torch.arange(64, dtype=torch.float32).pin_memory()
    assert torch.equal(host.cuda().cpu(), host)
