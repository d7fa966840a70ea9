"""GPU-resident LRU of MoE experts backed by a HostExpertStore."""
from __future__ import annotations

from collections import OrderedDict

import torch


class ExpertCache:
    def __init__(self, store, capacity: int, device="cuda"):
        self.store = store
        self.capacity = capacity
        self.device = torch.device(device)
        self._resident: OrderedDict[int, torch.Tensor] = OrderedDict()
        self._staging = None
        self._stream = torch.cuda.Stream(self.device)
        self.hits = 0
        self.misses = 0

    def _staging_buffer(self) -> torch.Tensor:
        if self._staging is None:
            self._staging = torch.empty(self.store.expert_numel, dtype=self.store.dtype, pin_memory=True)
        return self._staging

    def get(self, eid: int) -> torch.Tensor:
        w = self._resident.get(eid)
        if w is not None:
            self._resident.move_to_end(eid)
            self.hits += 1
            return w
        self.misses += 1
        if len(self._resident) >= self.capacity:
            self._resident.popitem(last=False)

        src = self.store.flat(eid)
        if self.store.is_pinned(eid):
            host = src
        else:
            host = self._staging_buffer()
            self._stream.synchronize()  # previous upload may still be reading it
            host.copy_(src)
        with torch.cuda.stream(self._stream):
            w = host.to(self.device, non_blocking=True)
        torch.cuda.current_stream().wait_stream(self._stream)
        self._resident[eid] = w
        return w

    def trim(self) -> None:
        """Wait for outstanding copies and give the staging memory back."""
        self._stream.synchronize()
        self._staging = None

    def hit_rate(self) -> float:
        total = self.hits + self.misses
        return self.hits / total if total else 0.0
