import pytest
import torch

import recsys  # noqa: F401  (loads the ops)

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_gather_rows_is_pinned_and_correct():
    table = torch.arange(20, dtype=torch.float32).view(10, 2)
    idx = torch.tensor([3, 0, 9])
    out = torch.ops.embcache.gather_rows(table, idx)
    assert out.is_pinned()
    assert torch.equal(out, table[idx])


def test_staging_shape():
    s = torch.ops.embcache.make_staging(8, 4)
    assert s.shape == (8, 4) and s.is_pinned()


def test_host_table_view_is_zeroed():
    t = torch.classes.embcache.HostTable(4, 2)
    v = t.view()
    assert v.shape == (4, 2)
    assert not v.any()
