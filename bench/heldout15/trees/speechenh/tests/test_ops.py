import pytest
import torch

from speechenh.config import Config
from speechenh.postfx import POSTFX, build_chain

cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_registry_has_effects():
    assert {"agc", "deess"} <= set(POSTFX)


@cuda
def test_chain_keeps_length():
    cfg = Config(postfx=["agc"])
    chain = build_chain(cfg.postfx, cfg)
    audio = torch.randn(cfg.chunk, pin_memory=True)
    for fx in chain:
        audio = fx(audio)
    assert audio.shape == (cfg.chunk,)
