import numpy as np
import pytest

cupy = pytest.importorskip("cupy")
import cupyx  # noqa: E402

from graphx.csr import CSRGraph  # noqa: E402


def path_graph(n):
    src = np.arange(n - 1)
    return CSRGraph.from_edges(np.concatenate([src, src + 1]), np.concatenate([src + 1, src]), n)


def test_degrees():
    g = path_graph(5)
    assert g.degree().tolist() == [1, 2, 2, 2, 1]


def test_pinned_upload():
    g = path_graph(5)
    ip, ix = g.to_device()
    host = cupyx.empty_pinned(ix.shape, dtype=ix.dtype)
    ix.get(out=host)
    assert (host == g.indices).all()
