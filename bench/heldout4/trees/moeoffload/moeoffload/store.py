import torch

from .pinned import alloc_pinned


class ExpertStore:
    """Host-resident copy of every expert's fused w1/w3 weights."""

    def __init__(self, cfg, state_dict):
        self.cfg = cfg
        self.host = {}
        for layer in cfg.layers:
            for eid in range(cfg.num_experts):
                w = state_dict[f"layers.{layer}.experts.{eid}.w13"]
                self.host[(layer, eid)] = w.contiguous().pin_memory()
        self.scales = alloc_pinned((len(cfg.layers), cfg.num_experts), torch.float32)

    def get(self, layer, eid):
        return self.host[(layer, eid)]

    def nbytes(self):
        return sum(t.numel() * t.element_size() for t in self.host.values())
