"""FastAPI planning service."""
from __future__ import annotations

import os
from contextlib import asynccontextmanager

import torch
import yaml
from fastapi import FastAPI
from pydantic import BaseModel

from .ik import solve_ik_batch
from .recorder import TrajectoryRecorder
from .robot import Robot
from .trajopt import TrajOptimizer, staged_problem

STATE: dict = {}


class PlanRequest(BaseModel):
    start: list[float]
    goals_xyz: list[list[float]]  # candidate flange positions, in order of preference
    obstacles: list[list[float]] = []


class Planner:
    def __init__(self, cfg: dict, robot: Robot, world):
        p = cfg["planner"]
        self.robot = robot
        self.world = world
        self.weights = p["weights"]
        self.recorder = TrajectoryRecorder()
        self.opt = TrajOptimizer(p["horizon"], p["seeds"], p["iterations"], p["lr"], callbacks=[self.recorder])
        # warm-start library: previous solutions, pinned for fast re-upload
        self.warm_pool = []
        for request in range(p["warm_pool"]):
            self.warm_pool.append(torch.zeros(p["horizon"], robot.dof).pin_memory())
        self.n_served = 0

    def plan(self, req: PlanRequest) -> dict:
        if req.obstacles:
            self.world.update_obstacles(torch.tensor(req.obstacles, dtype=torch.float32))
        candidates = solve_ik_batch(self.robot, req.goals_xyz)
        errs = [float(torch.linalg.norm(self.robot.forward_kinematics(q)[-1, :3, 3] - torch.tensor(x, device=q.device)))
                for q, x in zip(candidates, req.goals_xyz)]
        goal = candidates[errs.index(min(errs))]
        with staged_problem(self.robot, self.world, req.start, goal.tolist(), self.weights) as prob:
            slot = self.warm_pool[self.n_served % len(self.warm_pool)]
            warm = slot.to(self.robot.device, non_blocking=True)[None] if self.n_served >= len(self.warm_pool) else None
            traj, cost = self.opt.optimize(prob, warm)
            slot.copy_(traj)
        self.n_served += 1
        return {"trajectory": traj.cpu().tolist(), "cost": float(cost)}


@asynccontextmanager
async def lifespan(app: FastAPI):
    cfg = yaml.safe_load(open(os.environ.get("ARMPLAN_CONFIG", "configs/franka.yaml")))
    robot = Robot(cfg["robot"])
    w = cfg["world"]
    world = torch.classes.armplan.WorldCache(w["origin"], w["extent"], w["voxel"])
    world.load_mesh(w["static_mesh"])
    STATE["planner"] = Planner(cfg, robot, world)
    yield
    world.save_esdf(os.environ.get("ARMPLAN_ESDF_DUMP", "/tmp/armplan_esdf.bin"))


app = FastAPI(lifespan=lifespan)


@app.post("/plan")
def plan(req: PlanRequest) -> dict:
    return STATE["planner"].plan(req)
