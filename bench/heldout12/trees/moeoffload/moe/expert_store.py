from __future__ import annotations

from collections import OrderedDict

import torch

from . import ops


class ExpertStore:
    """Every expert lives in page-locked host memory (int4-packed); a fixed set of GPU slots
    holds the recently used ones, least recently used evicted first."""

    def __init__(self, packed: dict, scales: dict, cfg):
        self.cfg = cfg
        self.host = {key: w.pin_memory() for key, w in packed.items()}
        self.scales = scales
        shape = (3, cfg.d_model, cfg.d_ff)
        self.gpu_slots = [torch.empty(shape, dtype=torch.float16, device="cuda") for _ in range(cfg.gpu_slots)]
        self.slot_of: dict[tuple[int, int], int] = {}
        self.lru: OrderedDict[tuple[int, int], int] = OrderedDict()
        self.free = list(range(cfg.gpu_slots))
        self.staging = None
        self.misses = 0

    def _evict(self) -> int:
        if self.free:
            return self.free.pop()
        key, slot = self.lru.popitem(last=False)
        del self.slot_of[key]
        return slot

    def reload_expert(self, key: tuple[int, int], slot: int) -> None:
        w = ops.dequantize(self.host[key], self.scales[key], self.cfg.group_size)
        self.staging = w.view(3, self.cfg.d_model, self.cfg.d_ff).pin_memory()
        self.gpu_slots[slot].copy_(self.staging, non_blocking=True)
        self.slot_of[key] = slot
        self.lru[key] = slot
        self.misses += 1

    def fetch(self, layer: int, expert: int) -> torch.Tensor:
        key = (layer, expert)
        slot = self.slot_of.get(key)
        if slot is None:
            slot = self._evict()
            self.reload_expert(key, slot)
        else:
            self.lru.move_to_end(key)
        return self.gpu_slots[slot]
