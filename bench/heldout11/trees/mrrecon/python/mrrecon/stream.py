"""Online reconstruction: slices arrive from the scanner gateway while the scan runs."""
from __future__ import annotations

import queue
import threading

import numpy as np
import torch

from .recon import Reconstructor


class SlicePool:
    def __init__(self, depth: int, coils: int, n_samples: int):
        self.free: "queue.Queue[torch.Tensor]" = queue.Queue()
        for slice_idx in range(depth):
            self.free.put(torch.empty((coils, n_samples, 2), dtype=torch.float32, pin_memory=True))

    def get(self) -> torch.Tensor:
        return self.free.get()

    def put(self, t: torch.Tensor) -> None:
        self.free.put(t)


class OnlineRecon(threading.Thread):
    def __init__(self, recon: Reconstructor, calib: np.ndarray, depth: int = 8):
        super().__init__(daemon=True)
        self.recon = recon
        self.sens = recon.sensitivities(calib)
        self.inbox: "queue.Queue" = queue.Queue()
        self.results = []
        self.pool = SlicePool(depth, recon.coils, recon.n_samples)

    def submit(self, raw: np.ndarray):
        slot = self.pool.get()
        slot.numpy()[...] = raw.view(np.float32).reshape(slot.shape)
        self.inbox.put(slot)

    def run(self):
        while True:
            slot = self.inbox.get()
            if slot is None:
                return
            kslice = slot.numpy().view(np.complex64)[..., 0]
            _, img = self.recon.reconstruct_slice(kslice, self.sens)
            self.results.append(img)
            self.pool.put(slot)
