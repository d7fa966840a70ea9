import numpy as np
import pytest
import torch

cupyx = pytest.importorskip("cupyx")
pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_every_seed_keeps_itself():
    from gnnsampler.sampler import NeighborSampler

    rowptr = np.array([0, 2, 3, 3], dtype=np.int64)
    col = np.array([1, 2, 0], dtype=np.int64)
    s = NeighborSampler(rowptr, col, fanouts=[2])
    nodes, blocks = s.sample([0, 2])
    assert {0, 2} <= set(nodes.cpu().tolist())
    assert len(blocks) == 1


def test_pinned_gather_roundtrip():
    table = cupyx.empty_pinned((8, 4), dtype=np.float32)
    table[...] = np.arange(32, dtype=np.float32).reshape(8, 4)
    assert table[3, 1] == 13
