import numpy as np
import pytest
import torch

from fedagg.aggregator import CoordinateMedian, Update
from fedagg.compression import TopKCodec

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


class _FakeBuffer:
    def __init__(self, n):
        self.numel = n
        self.host = np.zeros(n, np.float32)

    def push(self):
        pass


def test_median_ignores_outlier():
    ups = [Update(i, torch.full((4,), v), 1.0) for i, v in enumerate([1.0, 1.0, 100.0])]
    agg = CoordinateMedian(_FakeBuffer(4))
    assert np.allclose(agg.aggregate(ups), 1.0)


def test_decompress_roundtrip():
    codec = TopKCodec(2, 8)
    vals = torch.tensor([3.0, -2.0], pin_memory=True)
    dense = codec.decompress(vals, [1, 5])
    assert dense[1] == 3.0 and dense[5] == -2.0
