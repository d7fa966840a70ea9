"""Batched trajectory optimisation (seeds x horizon x dof) by gradient descent."""
from __future__ import annotations

import contextlib
from dataclasses import dataclass

import torch

from .costs import COSTS


@dataclass
class Problem:
    robot: object
    world: object
    start: torch.Tensor
    goal: torch.Tensor
    weights: dict


@contextlib.contextmanager
def staged_problem(robot, world, start, goal, weights):
    """Stages the request's start/goal on the device; the host copies are pinned so both
    uploads overlap with the world update."""
    host = torch.tensor([start, goal], dtype=torch.float32).pin_memory()
    dev = host.to(robot.device, non_blocking=True)
    try:
        yield Problem(robot, world, dev[0], dev[1], weights)
    finally:
        torch.cuda.current_stream().synchronize()


class TrajOptimizer:
    def __init__(self, horizon: int, seeds: int, iterations: int, lr: float, callbacks=()):
        self.horizon = horizon
        self.seeds = seeds
        self.iterations = iterations
        self.lr = lr
        self.callbacks = list(callbacks)
        self._noise = None

    def _noise_scale(self, dof: int) -> torch.Tensor:
        if self._noise is None:
            self._noise = torch.linspace(0.0, 0.3, self.seeds).repeat_interleave(dof).view(self.seeds, 1, dof).pin_memory()
        return self._noise

    def seed(self, p: Problem, warm: torch.Tensor | None = None) -> torch.Tensor:
        t = torch.linspace(0.0, 1.0, self.horizon, device=p.start.device)[None, :, None]
        base = p.start + t * (p.goal - p.start)
        noise = self._noise_scale(base.shape[-1]).to(base.device, non_blocking=True)
        traj = base + noise * torch.randn(self.seeds, self.horizon, base.shape[-1], device=base.device)
        if warm is not None:
            traj[: warm.shape[0]] = warm
        traj[:, 0], traj[:, -1] = p.start, p.goal
        return traj

    def optimize(self, p: Problem, warm: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
        traj = self.seed(p, warm).requires_grad_(True)
        opt = torch.optim.Adam([traj], lr=self.lr)
        for it in range(self.iterations):
            total = sum(p.weights[name] * COSTS[name](traj, p) for name in p.weights)
            opt.zero_grad(set_to_none=True)
            total.sum().backward()
            traj.grad[:, 0] = 0
            traj.grad[:, -1] = 0
            opt.step()
            for cb in self.callbacks:
                cb(it, traj.detach(), total.detach())
        best = int(total.argmin())
        return traj.detach()[best], total.detach()[best]
