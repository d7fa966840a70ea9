"""Streams decoded frames to the GPU through a small ring of pinned slots."""

import numpy as np
import torch


class TensorWriter:
    def __init__(self, height, width, ring=8, device="cuda"):
        self.device = torch.device(device)
        self.ring = torch.empty((ring, height, width, 3), dtype=torch.uint8, pin_memory=True)
        self.events = [None] * ring
        self.i = 0
        self.stream = torch.cuda.Stream(self.device)
        self.gops = []

    def _ensure_ring(self, shape):
        # Resolution changes are rare (ad breaks, ABR switches); reallocate once and keep it.
        if tuple(self.ring.shape[1:]) == tuple(shape):
            return
        for ev in self.events:
            if ev is not None:
                ev.synchronize()
        self.ring = torch.empty((self.ring.shape[0],) + tuple(shape), dtype=torch.uint8, pin_memory=True)
        self.events = [None] * self.ring.shape[0]

    def write(self, frame):
        """Frame (HxWx3 uint8 numpy) -> GPU tensor, asynchronously."""
        self._ensure_ring(frame.shape)
        slot = self.i % self.ring.shape[0]
        if self.events[slot] is not None:
            self.events[slot].synchronize()
        self.ring[slot].copy_(torch.from_numpy(frame))
        with torch.cuda.stream(self.stream):
            out = self.ring[slot].to(self.device, non_blocking=True)
            ev = torch.cuda.Event()
            ev.record(self.stream)
        self.events[slot] = ev
        self.i += 1
        return out

    def write_gop(self, frames):
        """A whole GOP as one [T, H, W, 3] tensor (for clip-level models)."""
        clip = torch.from_numpy(np.stack(frames)).pin_memory()
        with torch.cuda.stream(self.stream):
            gpu = clip.to(self.device, non_blocking=True)
        self.gops.append(gpu)
        return gpu
