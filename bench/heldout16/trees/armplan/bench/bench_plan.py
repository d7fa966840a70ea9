"""Plans per second for a fixed scene."""
import time

import torch
import yaml

from armplan.robot import Robot
from armplan.trajopt import Problem, TrajOptimizer


def main(cfg_path: str = "configs/franka.yaml", n: int = 20) -> None:
    cfg = yaml.safe_load(open(cfg_path))
    robot = Robot(cfg["robot"])
    w = cfg["world"]
    world = torch.classes.armplan.WorldCache(w["origin"], w["extent"], w["voxel"])
    p = cfg["planner"]
    opt = TrajOptimizer(p["horizon"], p["seeds"], p["iterations"], p["lr"])
    ends = torch.tensor([[0.0, -0.5, 0.0, -2.0, 0.0, 1.6, 0.8], [1.0, 0.3, 0.2, -1.2, 0.1, 1.9, 0.4]]).pin_memory()
    dev = ends.to(robot.device, non_blocking=True)
    prob = Problem(robot, world, dev[0], dev[1], p["weights"])
    opt.optimize(prob)
    t0 = time.perf_counter()
    for _ in range(n):
        opt.optimize(prob)
    torch.cuda.synchronize()
    print(f"{n / (time.perf_counter() - t0):.2f} plans/s")


if __name__ == "__main__":
    main()
