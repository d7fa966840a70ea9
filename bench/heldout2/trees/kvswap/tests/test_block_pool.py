import pytest
import torch

from kvswap.block_pool import HostBlockPool
from kvswap.config import CacheConfig

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def small_cfg(**kw):
    base = dict(num_layers=2, num_kv_heads=2, head_dim=8, block_size=4, num_cpu_blocks=3)
    base.update(kw)
    return CacheConfig(**base)


def test_blocks_are_pinned():
    pool = HostBlockPool(small_cfg())
    assert len(pool) == 3
    assert all(pool[i].is_pinned() for i in range(len(pool)))


def test_exhaustion_raises():
    pool = HostBlockPool(small_cfg(num_cpu_blocks=1))
    pool.allocate()
    with pytest.raises(RuntimeError):
        pool.allocate()


def test_free_returns_block():
    pool = HostBlockPool(small_cfg())
    idx = pool.allocate()
    pool.free(idx)
    assert pool.num_free == 3


def test_roundtrip():
    pool = HostBlockPool(small_cfg())
    src = torch.randn(pool[0].shape).half().pin_memory()
    idx = pool.allocate()
    pool[idx].copy_(src)
    assert torch.equal(pool[idx], src)
