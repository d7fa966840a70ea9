import torch

from cryopick.data.dataset import collate_micrographs


def test_collate_shapes():
    samples = [(torch.zeros(64, 64), torch.zeros(64, 64)) for _ in range(3)]
    images, targets = collate_micrographs(samples)
    assert images.shape == (3, 1, 64, 64)
    assert targets.shape == (3, 1, 64, 64)


def test_pinned_roundtrip():
    t = torch.zeros(16, pin_memory=True)
    assert t.is_pinned()
