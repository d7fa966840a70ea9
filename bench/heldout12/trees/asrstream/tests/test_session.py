import asyncio

import numpy as np
import torch

from asrstream.config import ModelConfig, ServerConfig
from asrstream.decoder import Hyp
from asrstream.postproc import POSTPROC
from asrstream.session import StreamSession


class FakeBatcher:
    async def submit(self, sid, feats):
        return torch.zeros(feats.shape[0], 16)


class FakeDecoder:
    def open_stream(self):
        return 0

    def advance(self, sid, logits):
        self.last = logits

    def partial(self, sid):
        return "hello"

    def finalize(self, sid):
        return [Hyp([1, 2], 0.0, "hello world")]


def test_itn_registered():
    assert {"detok", "itn"} <= set(POSTPROC)


def test_feed_returns_partial():
    cfg = ServerConfig(model=ModelConfig(checkpoint="unused"), postproc=[])
    s = StreamSession(cfg, FakeBatcher(), FakeDecoder())
    pcm = (np.sin(np.arange(3200) / 8.0) * 2000).astype(np.int16).tobytes()
    assert asyncio.run(s.feed(pcm)) == "hello"


def test_carry_roundtrip():
    carry = torch.zeros(400).pin_memory()
    carry[-10:] = 1.0
    assert carry.is_pinned() and float(carry.sum()) == 10.0
