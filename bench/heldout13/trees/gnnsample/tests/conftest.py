import struct

import numpy as np
import pytest

MAGIC = 0x3152534343534E47


@pytest.fixture
def tiny_csr(tmp_path):
    rng = np.random.default_rng(0)
    n = 64
    deg = rng.integers(1, 9, n)
    indptr = np.concatenate([[0], np.cumsum(deg)]).astype(np.int64)
    indices = rng.integers(0, n, int(indptr[-1])).astype(np.int64)
    path = tmp_path / "tiny.csr"
    with open(path, "wb") as fh:
        fh.write(struct.pack("<QIIqqqq", MAGIC, 2, 0, n, indices.size, 48, 48 + indptr.nbytes))
        fh.write(indptr.tobytes())
        fh.write(indices.tobytes())
    return path
