#!/usr/bin/env python3
import argparse

import numpy as np
from numba import cuda

from mdsim import System
from mdsim.barostat import BerendsenBarostat
from mdsim.forces import Ewald, ForceField, LennardJones
from mdsim.integrator import VelocityVerlet


def main():
    ap = argparse.ArgumentParser(description="NPT Lennard-Jones + Ewald run")
    ap.add_argument("--n", type=int, default=32768)
    ap.add_argument("--steps", type=int, default=100_000)
    ap.add_argument("--restart")
    ap.add_argument("--traj", default="traj.bin")
    a = ap.parse_args()
    box = (40.0, 40.0, 40.0)
    system = System(a.n, box)
    if a.restart:
        system.restart(a.restart)
    else:
        init = cuda.pinned_array((a.n, 4), dtype=np.float32)
        init[:, :3] = np.random.default_rng(0).uniform(0, 40.0, (a.n, 3))
        system.positions()[:] = init
    charges = np.where(np.arange(a.n) % 2 == 0, 1.0, -1.0)
    ff = ForceField([LennardJones(), Ewald(charges)])
    VelocityVerlet(system, ff, barostat=BerendsenBarostat(1.0)).run(a.steps, a.traj)
    system.close()


if __name__ == "__main__":
    main()
