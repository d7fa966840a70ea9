import torch

from demandfc.model import TemporalFusion


def test_output_shape():
    m = TemporalFusion(context=16, horizon=4, hidden=8, heads=2)
    out = m(torch.zeros(3, 16), torch.zeros(3, 20, 3))
    assert out.shape == (3, 4, 3)
