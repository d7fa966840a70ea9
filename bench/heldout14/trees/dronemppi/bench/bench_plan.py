import time

import numpy as np
import torch

from mppi_swarm import _mppi


def main():
    pc = _mppi.PlannerConfig()
    pc.n_drones, pc.horizon, pc.samples, pc.dt, pc.lambda_ = 24, 40, 2048, 0.05, 1.2
    planner = _mppi.MppiPlanner(pc)
    states = torch.randn(24, 6).pin_memory().numpy()
    w = np.ones(24, np.float32)
    for _ in range(5):
        planner.plan(states, w)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    n = 200
    for _ in range(n):
        planner.plan(states, w)
    torch.cuda.synchronize()
    print(f"plan: {(time.perf_counter() - t0) / n * 1e3:.2f} ms/tick")


if __name__ == "__main__":
    main()
