import pytest
import torch

from loraswap.adapters.store import AdapterStore


@pytest.mark.skipif(not torch.cuda.is_available(), reason="pinning needs CUDA")
def test_put_and_evict():
    store = AdapterStore(2, 1024)
    t = {"a": torch.ones(16, pin_memory=True)}
    store.put("x", t)
    store.put("y", t)
    store.put("z", t)
    assert len(store.by_name) == 2
