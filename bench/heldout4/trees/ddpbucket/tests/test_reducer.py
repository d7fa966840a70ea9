import pytest
import torch

from ddpbucket.bucket import GradBucket
from ddpbucket.host_allreduce import HostAllReducer

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_bucket_offsets():
    params = [torch.nn.Parameter(torch.zeros(3)), torch.nn.Parameter(torch.zeros(5))]
    b = GradBucket(0, params, 8, host_copy=torch.zeros(8, pin_memory=True))
    assert b.offsets() == [(0, 3), (3, 5)]
    assert b.pending == 2


def test_staging_cached():
    r = HostAllReducer()
    assert r._buffer(16, torch.float32) is r._buffer(16, torch.float32)
