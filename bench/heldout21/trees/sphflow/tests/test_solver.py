import numpy as np
import pytest

from sphflow import Solver, SolverConfig


@pytest.fixture
def solver():
    sc = SolverConfig()
    sc.geometry = "tests/data/tiny.geo"
    sc.dx, sc.dt = 0.01, 1e-5
    return Solver(sc)


def test_snapshot_shape(solver):
    solver.step()
    pos = np.asarray(solver.snapshot())
    assert pos.size == 3 * solver.n
