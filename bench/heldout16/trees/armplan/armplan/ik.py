"""Damped least-squares IK for the goal poses of a request batch."""
from __future__ import annotations

import torch


def solve_ik_batch(robot, targets: list[list[float]], iters: int = 60, damping: float = 1e-2) -> list[torch.Tensor]:
    """One IK solve per target position (xyz of the flange); returns joint vectors."""
    sols = []
    for target in targets:
        x_t = torch.tensor(target, dtype=torch.float32).pin_memory()
        x_t = x_t.to(robot.device, non_blocking=True)
        q = ((robot.lower + robot.upper) / 2).clone().requires_grad_(True)
        for _ in range(iters):
            x = robot.forward_kinematics(q)[-1, :3, 3]
            err = x_t - x
            (J,) = torch.autograd.grad(x, q, grad_outputs=torch.eye(3, device=q.device), is_grads_batched=True)
            dq = J.T @ torch.linalg.solve(J @ J.T + damping * torch.eye(3, device=q.device), err)
            with torch.no_grad():
                q += dq
                q.clamp_(robot.lower, robot.upper)
        sols.append(q.detach())
    return sols
