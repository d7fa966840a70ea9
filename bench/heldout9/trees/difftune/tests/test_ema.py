import torch

from difftune.ema import EMA
from difftune.offload import pack_to_host, unpack_from_host


def test_ema_moves_towards_weights():
    model = torch.nn.Linear(4, 4).cuda()
    ema = EMA(model, decay=0.5)
    with torch.no_grad():
        model.weight.add_(1.0)
    ema.update(model)
    assert ema.shadow["weight"].is_pinned()


def test_pack_roundtrip():
    x = torch.randn(64, 128, device="cuda")
    packed = pack_to_host(x)
    assert torch.equal(unpack_from_host(packed), x)
