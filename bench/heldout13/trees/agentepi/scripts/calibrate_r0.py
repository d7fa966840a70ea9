"""Fit beta_household so that the early growth rate matches R0 (run by hand once per population)."""
import sys

import numpy as np
import torch

from agentepi import Params, Simulation


def main(population: str, target_r0: float = 2.5) -> None:
    grid = torch.linspace(0.02, 0.2, 19).pin_memory()
    best = None
    for beta in grid.tolist():
        p = Params()
        p.n_regions = 1
        p.beta_household = beta
        sim = Simulation(population, p, 0)
        sizes = []
        for _ in range(21):
            sim.step_day([])
            sizes.append(int(sim.compartments()[0, 2]))
        growth = np.polyfit(np.arange(7, 21), np.log(np.maximum(sizes[7:], 1)), 1)[0]
        r0 = 1.0 + growth * 7.0
        if best is None or abs(r0 - target_r0) < abs(best[1] - target_r0):
            best = (beta, r0)
    print(f"beta_household = {best[0]:.4f} (R0 {best[1]:.2f})")


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 2.5)
