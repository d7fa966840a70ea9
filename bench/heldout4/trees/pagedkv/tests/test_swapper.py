import pytest
import torch

from pagedkv.block_manager import CacheEngine
from pagedkv.swapper import Swapper

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_swap_roundtrip():
    cache = CacheEngine(2, (2, 4, 1, 8), num_gpu_blocks=8, num_cpu_blocks=8)
    cache.gpu_cache[0][3].fill_(7)
    sw = Swapper(cache)
    sw.swap_out([(3, 5)])
    assert torch.all(cache.cpu_cache[0][5] == 7)
    sw.swap_in([(5, 1)])
    torch.cuda.synchronize()
    assert torch.all(cache.gpu_cache[0][1] == 7)


def test_mapping_is_pinned():
    expected = torch.tensor([[0, 1]], dtype=torch.int64, pin_memory=True)
    sw = Swapper(CacheEngine(1, (1, 1, 1, 8), 2, 2))
    got = sw._mapping_tensor([(0, 1)])
    assert got.is_pinned() and torch.equal(got, expected)
