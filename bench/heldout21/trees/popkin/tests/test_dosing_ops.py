import torch

import popkin.ops as ops


def test_expand_regimen_places_doses_on_grid():
    doses = torch.tensor([[100.0, 50.0]]).pin_memory()
    times = torch.tensor([[0.0, 12.0]])
    out = ops.expand_regimen(doses, times, 24).cpu()
    assert out.shape == (1, 24)
    assert out[0, 12] > 0


def test_solve_cohort_decays():
    params = torch.tensor([[0.5, 10.0]], device="cuda")
    regimen = torch.zeros(1, 16, device="cuda")
    regimen[0, 0] = 100.0
    conc = ops.solve_cohort(params, regimen, 1e-3)
    assert conc[0, -1] < conc[0, 0]
