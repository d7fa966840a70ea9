import numpy as np
import pytest
import torch

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_lookup_matches_table(tmp_path):
    from embcache import EmbeddingCache

    table = np.random.rand(100, 8).astype(np.float32)
    np.save(tmp_path / "t.npy", table)
    cache = EmbeddingCache(str(tmp_path / "t.npy"), capacity=16)
    ids = np.array([3, 7, 3, 99])
    out = cache.lookup(ids).cpu().numpy()
    np.testing.assert_allclose(out, table[ids])
    cache.close()


def test_pinned_staging_is_pinned():
    staging = torch.empty(1024, dtype=torch.float32, pin_memory=True)
    assert staging.is_pinned()
