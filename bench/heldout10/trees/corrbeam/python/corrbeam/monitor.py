"""Quick-look monitor: bandpass and phase plots from every integration dump."""
from __future__ import annotations

import queue
import threading

import numpy as np
import torch


class DumpMonitor(threading.Thread):
    def __init__(self, n_chan: int, device: str = "cuda:0", maxsize: int = 4):
        super().__init__(name="dump-monitor", daemon=True)
        self.device = torch.device(device)
        self.q: queue.Queue = queue.Queue(maxsize=maxsize)
        self.bandpass = torch.zeros(n_chan, dtype=torch.float32, pin_memory=True)
        self.history: list[np.ndarray] = []

    def submit(self, vis) -> None:
        self.q.put(vis)

    def run(self) -> None:
        while True:
            vis = self.q.get()
            if vis is None:
                return
            self._publish(vis)

    def _publish(self, vis: np.ndarray) -> None:
        amp = torch.from_numpy(np.abs(vis).astype(np.float32)).pin_memory()
        dev = amp.to(self.device, non_blocking=True)
        n_chan = self.bandpass.numel()
        self.bandpass.copy_(dev.view(-1, n_chan).mean(0), non_blocking=True)
        torch.cuda.current_stream(self.device).synchronize()
        self.history.append(self.bandpass.numpy().copy())
        if len(self.history) > 256:
            self.history.pop(0)
