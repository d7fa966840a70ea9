import numpy as np
import pytest
import torch

from amgpy.solver import AMGSolver, load_matrix


@pytest.fixture
def poisson_2d(tmp_path):
    n = 32
    rows, cols, vals = [], [], []
    for i in range(n * n):
        rows.append(i); cols.append(i); vals.append(4.0)
        for j in (i - 1, i + 1, i - n, i + n):
            if 0 <= j < n * n:
                rows.append(i); cols.append(j); vals.append(-1.0)
    order = np.lexsort((cols, rows))
    rp = np.zeros(n * n + 1, dtype=np.int32)
    np.add.at(rp, np.array(rows) + 1, 1)
    path = tmp_path / "poisson.bin"
    with open(path, "wb") as f:
        np.array([n * n, len(vals)], dtype=np.int32).tofile(f)
        np.cumsum(rp).astype(np.int32).tofile(f)
        np.array(cols, dtype=np.int32)[order].tofile(f)
        np.array(vals)[order].tofile(f)
    return str(path)


def test_converges(poisson_2d):
    a = load_matrix(poisson_2d)
    b = torch.ones(a.n, dtype=torch.float64).pin_memory()
    with AMGSolver(a, tol=1e-10) as s:
        x = s.solve(b.numpy())
        assert s.last_iters < 30
    assert np.isfinite(x).all()
