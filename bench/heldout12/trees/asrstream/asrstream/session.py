from __future__ import annotations

import numpy as np
import torch

from .frontend import FbankFrontend
from .postproc import POSTPROC


class StreamSession:
    """State of one websocket stream: opened per connection, fed per audio chunk."""

    def __init__(self, cfg, batcher, decoder):
        self.frontend = FbankFrontend(cfg.frontend)
        self.batcher = batcher
        self.decoder = decoder
        self.stream_id = decoder.open_stream()
        # samples carried over between chunks; the frontend reads them with the next chunk
        self.carry = torch.zeros(cfg.frontend.win_length, dtype=torch.float32).pin_memory()
        self.postproc = [POSTPROC[name] for name in cfg.postproc]
        self.model_name = cfg.model.name

    async def feed(self, pcm_bytes: bytes) -> str:
        pcm = np.frombuffer(pcm_bytes, dtype=np.int16)
        feats = self.frontend.compute(pcm, self.carry)
        logits = await self.batcher.submit(self.stream_id, feats)
        self.decoder.advance(self.stream_id, logits)
        return self.decoder.partial(self.stream_id)

    async def finish(self) -> str:
        hyps = self.decoder.finalize(self.stream_id)
        for fn in self.postproc:
            hyps = fn(hyps, model=self.model_name)
        return hyps[0].text if hyps else ""
