import numpy as np
import pandas as pd
import pytest
import torch

from demandfc.model import quantile_loss


def test_quantile_loss_zero_at_truth():
    y = torch.ones(2, 28)
    pred = torch.ones(2, 28, 3)
    assert float(quantile_loss(pred, y)) == 0.0


@pytest.mark.skipif(not torch.cuda.is_available(), reason="CUDA")
def test_pinned_window_roundtrip():
    w = torch.arange(112, dtype=torch.float32).pin_memory()
    assert torch.equal(w.cuda().cpu(), w)
