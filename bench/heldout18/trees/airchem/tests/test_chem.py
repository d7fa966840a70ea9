import numpy as np
import pytest
import torch

from airchem.obs import nudge


def test_nudge_rejects_nan():
    conc = np.zeros(4, dtype=np.float32)
    with pytest.raises(ValueError):
        nudge(conc, np.array([1.0, np.nan], dtype=np.float32), 0.5)


def test_nudge_moves_towards_obs():
    conc = np.zeros(4, dtype=np.float32)
    obs = torch.ones(2).pin_memory().numpy()
    nudge(conc, obs, 0.5)
    assert conc[0] == pytest.approx(0.5)
