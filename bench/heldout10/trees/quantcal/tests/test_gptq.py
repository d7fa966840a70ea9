import pytest
import torch
from torch import nn

from quantcal.config import CalibConfig
from quantcal.quant.rtn import RoundToNearest


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_rtn_error_is_bounded():
    torch.manual_seed(0)
    lin = nn.Linear(256, 64).cuda()
    cfg = CalibConfig(bits=4, group_size=64)
    q = RoundToNearest(lin, cfg)
    q.quantize()
    codes, scales = q.result()
    host = torch.empty(codes.shape, dtype=torch.float32, pin_memory=True)
    host.copy_(codes.float() * scales.repeat_interleave(64, dim=1))
    err = (host - lin.weight.detach().cpu()).abs().max()
    assert err <= scales.max() / 2 + 1e-6
