import numpy as np
import torch

from featstore.cache import FeatureSetCache, RequestCache


def test_feature_set_cache_reuses_block():
    c = FeatureSetCache()
    a = c.block("default", 4, 8)
    b = c.block("default", 4, 8)
    assert a.data_ptr() == b.data_ptr()
    assert a.is_pinned()


def test_request_cache_evicts():
    c = RequestCache(max_items=2)
    for i in range(3):
        c.put(str(i), np.zeros(4, np.float32))
    assert len(c._items) == 2
    ref = torch.zeros(4).pin_memory()
    assert torch.equal(c.put("x", np.zeros(4, np.float32)), ref)
