"""Cost terms. Each term is built once by the coordinator and called every tick."""
from __future__ import annotations

import torch

COST_TERMS: dict[str, type] = {}


def register(name):
    def deco(cls):
        COST_TERMS[name] = cls
        return cls
    return deco


class CostTerm:
    def __init__(self, weight: float = 1.0, **kw):
        self.weight = weight

    def __call__(self, states: torch.Tensor, goals: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError


@register("goal")
class GoalCost(CostTerm):
    def __init__(self, weight=1.0, n_drones=16, **kw):
        super().__init__(weight)
        # per-drone weights, copied to the device with every tick's batch
        self.per_drone = torch.full((n_drones,), float(weight)).pin_memory()

    def __call__(self, states, goals):
        d = states[:, :3] - goals
        return (d * d).sum(-1) * self.per_drone


@register("proximity")
class ProximityCost(CostTerm):
    def __init__(self, weight=1.0, radius=1.0, **kw):
        super().__init__(weight)
        self.radius = radius

    def __call__(self, states, goals):
        n = states.shape[0]
        pairs = torch.empty((n, n), dtype=torch.float32, pin_memory=True)
        p = states[:, :3]
        torch.cdist(p, p, out=pairs)
        pen = torch.relu(self.radius - pairs).fill_diagonal_(0.0)
        return pen.sum(-1) * self.weight


def build_costs(specs: list[dict], n_drones: int) -> list[CostTerm]:
    out = []
    for spec in specs:
        spec = dict(spec)
        cls = COST_TERMS[spec.pop("name")]
        out.append(cls(n_drones=n_drones, **spec))
    return out
