import numpy as np
import pytest
import torch

from fepalch.energies import ReducedPotential
from fepalch.windows import LambdaSchedule

requires_cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_schedule_endpoints():
    sch = LambdaSchedule(8, 0.5, 12.0)
    first, last = sch.windows[0], sch.windows[-1]
    assert (first.lam_elec, first.lam_vdw) == (1.0, 1.0)
    assert (last.lam_elec, last.lam_vdw) == (0.0, 0.0)


def test_reduced_potential_scales_by_beta():
    red = ReducedPotential(10, 300.0)
    u = np.eye(4)
    out = red(u)
    assert np.allclose(np.diag(out), red.beta)


@requires_cuda
def test_engine_propagates(tmp_path):
    from fepalch import _engine

    eng = _engine.FepEngine("tests/data/ala2.prmtop", "tests/data/ala2.rst7", 4, 300.0)
    params = torch.ones((eng.n_atoms, 4), dtype=torch.float32).pin_memory()
    before = eng.coordinates(0).copy()
    for k in range(4):
        eng.propagate(k, params.numpy(), 5)
    assert not np.allclose(before, eng.coordinates(0))
    u = np.asarray(eng.exchange_energies())
    assert u.shape == (16,)
    assert eng.snapshot_coords(str(tmp_path / "snap.bin"))
