import numpy as np
import pytest
import torch

from dosecalc.objectives import DVHMax
from dosecalc.robust import scenario_shifts


def test_scenario_shifts_deterministic():
    assert scenario_shifts(5, 3.0, 2.5) == scenario_shifts(5, 3.0, 2.5)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="GPU")
def test_dvh_max_penalises_hot_spots():
    roi = torch.ones(1000, dtype=torch.bool, device="cuda")
    dose = torch.zeros(1000, pin_memory=True)
    dose[:10] = 80.0
    assert float(DVHMax(roi, dose_max=60.0, volume=0.01)(dose.cuda())) > 0
