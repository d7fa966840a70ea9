"""Cost terms of the trajectory optimisation."""
from __future__ import annotations

import functools

import torch

COSTS = {}


def cost(name):
    def deco(fn):
        COSTS[name] = fn
        return fn

    return deco


@functools.lru_cache(maxsize=8)
def smoothness_matrix(horizon: int) -> torch.Tensor:
    """Finite-difference acceleration operator for a trajectory of `horizon` waypoints."""
    A = torch.zeros(horizon - 2, horizon)
    for i in range(horizon - 2):
        A[i, i:i + 3] = torch.tensor([1.0, -2.0, 1.0])
    return A.pin_memory()


@cost("smooth")
def smooth(traj, problem):
    A = smoothness_matrix(traj.shape[-2]).to(traj.device, non_blocking=True)
    return (A @ traj).pow(2).sum((-2, -1))


@cost("limits")
def limits(traj, problem):
    r = problem.robot
    return (torch.relu(r.lower - traj) + torch.relu(traj - r.upper)).pow(2).sum((-2, -1))


@cost("collision")
def collision(traj, problem):
    sph = problem.robot.spheres(traj)
    return problem.world.collide(sph).sum(-1).sum(-1)
