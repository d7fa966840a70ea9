"""Kinematics and the sphere approximation of the arm."""
from __future__ import annotations

import torch


class Robot:
    def __init__(self, cfg: dict, device: str = "cuda"):
        self.device = torch.device(device)
        self.dh = torch.tensor(cfg["dh"], dtype=torch.float32, device=self.device)
        self.lower = torch.tensor(cfg["joint_limits"]["lower"], device=self.device)
        self.upper = torch.tensor(cfg["joint_limits"]["upper"], device=self.device)
        k = cfg["spheres_per_link"]
        # sphere centres along each link's x axis (link frame), fraction of the link length
        offsets = torch.linspace(0.0, 1.0, k).repeat(len(cfg["dh"]), 1)
        self.sphere_offsets = offsets.pin_memory()
        self.sphere_offsets_dev = self.sphere_offsets.to(self.device, non_blocking=True)
        self.radius = cfg["sphere_radius"]
        self.dof = len(cfg["dh"])

    def forward_kinematics(self, q: torch.Tensor) -> torch.Tensor:
        """q: (..., dof) -> link frames (..., dof, 4, 4)."""
        a, d, alpha = self.dh[:, 0], self.dh[:, 1], self.dh[:, 2]
        ct, st = torch.cos(q), torch.sin(q)
        ca, sa = torch.cos(alpha), torch.sin(alpha)
        zero, one = torch.zeros_like(q), torch.ones_like(q)
        T = torch.stack([
            torch.stack([ct, -st, zero, a.expand_as(q)], -1),
            torch.stack([st * ca, ct * ca, -sa.expand_as(q), -sa * d], -1),
            torch.stack([st * sa, ct * sa, ca.expand_as(q), ca * d], -1),
            torch.stack([zero, zero, zero, one], -1),
        ], -2)
        frames = [T[..., 0, :, :]]
        for j in range(1, self.dof):
            frames.append(frames[-1] @ T[..., j, :, :])
        return torch.stack(frames, -3)

    def spheres(self, q: torch.Tensor) -> torch.Tensor:
        """(..., dof * k, 4) sphere centres and radii."""
        F = self.forward_kinematics(q)
        length = torch.linalg.norm(self.dh[:, :2], dim=1).clamp(min=0.05)
        local = torch.zeros(*self.sphere_offsets_dev.shape, 4, device=self.device)
        local[..., 0] = self.sphere_offsets_dev * length[:, None]
        local[..., 3] = 1.0
        centres = torch.einsum("...jab,jkb->...jka", F, local)[..., :3]
        r = torch.full(centres.shape[:-1] + (1,), self.radius, device=self.device)
        return torch.cat([centres, r], -1).flatten(-3, -2)
