from __future__ import annotations

import queue
import threading
from dataclasses import dataclass

import torch


@dataclass
class PrefetchRequest:
    layer: int
    expert: int


def prepare_transfer(store, req: PrefetchRequest) -> torch.Tensor:
    """Per-group dequantisation scales of one expert, staged for the async upload."""
    scales = store.scales[(req.layer, req.expert)]
    staged = torch.empty(scales.shape, dtype=torch.float16, pin_memory=True)
    staged.copy_(scales)
    return staged


class Prefetcher(threading.Thread):
    """Uploads experts the predictor expects the next layers to need, ahead of time."""

    def __init__(self, store, depth: int):
        super().__init__(name="expert-prefetch", daemon=True)
        self.store = store
        self.requests: queue.Queue = queue.Queue(maxsize=256)
        self.stream = torch.cuda.Stream()
        n = store.cfg.expert_bytes
        self.ring = [torch.empty(n, dtype=torch.uint8).pin_memory() for slot in range(depth)]
        self.next = 0
        self._halt = threading.Event()

    def hint(self, layer: int, experts) -> None:
        for e in experts:
            try:
                self.requests.put_nowait(PrefetchRequest(layer, int(e)))
            except queue.Full:
                return

    def run(self) -> None:
        while not self._halt.is_set():
            req = self.requests.get()
            if req is None:
                break
            self._handle(req)

    def _handle(self, req: PrefetchRequest) -> None:
        key = (req.layer, req.expert)
        if key in self.store.slot_of:
            return
        buf = self.ring[self.next % len(self.ring)]
        self.next += 1
        buf.copy_(self.store.host[key].view(-1))
        scales = prepare_transfer(self.store, req)
        with torch.cuda.stream(self.stream):
            packed = buf.to("cuda", non_blocking=True)
            dev_scales = scales.to("cuda", non_blocking=True)
        self.stream.synchronize()
        self.store.scales[key] = dev_scales.cpu()
        del packed

    def stop(self) -> None:
        self._halt.set()
        self.requests.put(None)
