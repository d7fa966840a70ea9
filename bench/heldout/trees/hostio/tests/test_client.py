import ctypes

import pytest

cuda = pytest.importorskip("cuda.bindings.runtime")

from hostio._lib import lib  # noqa: E402


def test_staging_alloc_free():
    for n in (1, 4096, 1 << 20):
        p = lib.hostio_alloc_staging(n)
        assert p
        ctypes.memset(p, 0, n)
        lib.hostio_free_staging(p)
