import numpy as np
import pytest
import torch

from moe_offload import ExpertCache, HostExpertStore

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")

E, NUMEL = 4, 48


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "experts.bin"
    np.arange(E * NUMEL, dtype=np.float16).tofile(path)
    s = HostExpertStore(str(path), E, NUMEL, hot_ids=[0])
    yield s
    s.close()


def test_lru_eviction(store):
    cache = ExpertCache(store, capacity=2)
    for eid in (0, 1, 2, 0):
        cache.get(eid)
    assert list(cache._resident) == [2, 0]


def test_hot_expert_is_pinned(store):
    assert store.flat(0).is_pinned()
    assert not store.flat(1).is_pinned()


def test_values_survive_copy(store):
    cache = ExpertCache(store, capacity=4)
    ref = torch.arange(NUMEL, 2 * NUMEL, dtype=torch.float16).pin_memory()
    assert torch.equal(cache.get(1).cpu(), ref)
