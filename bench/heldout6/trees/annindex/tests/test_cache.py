import cupyx
import numpy as np
import pytest

from annidx.cache import QueryCache, bucket_for


def test_bucket_for():
    assert bucket_for(1) == 1
    assert bucket_for(9) == 32
    with pytest.raises(ValueError):
        bucket_for(5000)


def test_staging_reused():
    c = QueryCache(4)
    a = c.staging(3)
    b = c.staging(5)
    assert a.base is b.base


def test_pinned_is_writable():
    h = cupyx.zeros_pinned((2, 4), dtype=np.float32)
    h += 1
    assert h.sum() == 8
