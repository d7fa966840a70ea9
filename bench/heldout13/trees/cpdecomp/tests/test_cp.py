import numpy as np
import pytest
from numba import cuda

cpd = pytest.importorskip("cpdecomp")


@pytest.mark.skipif(not cuda.is_available(), reason="needs a GPU")
def test_rank_one_tensor_fits(tmp_path):
    a, b, c = np.arange(1, 5), np.arange(1, 4), np.arange(1, 3)
    vals = cuda.pinned_array(4 * 3 * 2, dtype=np.float64)
    k = 0
    lines = []
    for i in range(4):
        for j in range(3):
            for l in range(2):
                vals[k] = a[i] * b[j] * c[l]
                lines.append(f"{i + 1} {j + 1} {l + 1} {vals[k]}")
                k += 1
    p = tmp_path / "r1.tns"
    p.write_text("\n".join(lines))
    model = cpd.cp_als(str(p), rank=1, nnz_hint=k, n_iter=20)
    assert model.weights[0] > 0
