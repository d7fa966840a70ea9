import numpy as np
import pytest
import torch

from windwake.turbines import TURBINE_MODELS, Turbine


def test_registry_kinds():
    assert set(TURBINE_MODELS) == {"adm", "alm"}


def test_turbine_defaults():
    t = Turbine(0, "adm", (0.0, 0.0, 150.0))
    assert t.rotor_diameter == 240.0


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a ROCm GPU")
def test_pinned_table_roundtrip():
    table = torch.zeros((32, 2), dtype=torch.float32, pin_memory=True)
    table[:, 0] = torch.arange(32)
    assert np.allclose(table.cuda(non_blocking=True).cpu().numpy()[:, 0], np.arange(32))
