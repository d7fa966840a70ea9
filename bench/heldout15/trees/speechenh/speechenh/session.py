from __future__ import annotations

import numpy as np
import torch

from . import ops
from .model import load_model
from .postfx import build_chain


class ChunkScope:
    """Everything one websocket chunk needs while it is in flight."""

    def __init__(self, enhancer: "Enhancer", payload: bytes):
        self.enhancer = enhancer
        self.payload = payload
        self.host = None
        self.dev = None

    def __enter__(self) -> "ChunkScope":
        pcm = np.frombuffer(self.payload, dtype=np.int16)
        self.host = torch.from_numpy(pcm.astype(np.float32) / 32768.0).pin_memory()
        self.dev = self.host.to(self.enhancer.device, non_blocking=True)
        self.ready = torch.cuda.Event()
        self.ready.record()
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        self.ready.synchronize()
        self.host = None
        self.dev = None
        return False


class Enhancer:
    """Model + post-effects shared by every connection; built once at start-up."""

    def __init__(self, cfg, device: str = "cuda"):
        self.cfg = cfg
        self.device = torch.device(device)
        self.model = load_model(cfg.checkpoint, cfg.channels, cfg.n_fft, self.device)
        self.window = ops.window_table(cfg.n_fft).to(self.device)
        self.postfx = build_chain(cfg.postfx, cfg)
        # reusable slots for audio going back to clients
        self.slots: list[torch.Tensor] = []
        for frame in range(cfg.n_slots):
            self.slots.append(torch.zeros(cfg.chunk, dtype=torch.float32, pin_memory=True))
        self._next = 0

    def chunk(self, payload: bytes) -> ChunkScope:
        return ChunkScope(self, payload)

    @torch.no_grad()
    def enhance_spec(self, spec: torch.Tensor, length: int) -> torch.Tensor:
        est = self.model(spec.transpose(0, 1))  # (freq, frames)
        frames = torch.fft.irfft(est.transpose(0, 1), n=self.cfg.n_fft, dim=-1) * self.window
        return ops.overlap_add(frames.contiguous(), self.cfg.hop, length)

    @torch.no_grad()
    def process(self, audio_dev: torch.Tensor) -> torch.Tensor:
        spec = torch.stft(audio_dev, self.cfg.n_fft, self.cfg.hop, window=self.window,
                          center=False, return_complex=True)
        audio = self.enhance_spec(spec.transpose(0, 1), audio_dev.shape[-1])
        slot = self.slots[self._next % len(self.slots)]
        self._next += 1
        slot[: audio.shape[0]].copy_(audio)
        return slot[: audio.shape[0]]
