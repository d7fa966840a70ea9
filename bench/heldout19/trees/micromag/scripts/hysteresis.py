"""Major hysteresis loop of a thin film: m_z against an out-of-plane field sweep."""

import argparse
from pathlib import Path

import numpy as np

from micromag._ffi import check, fptr, lib
from micromag.config import SimConfig
from micromag.sim import Simulation


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--nx", type=int, default=64)
    ap.add_argument("--ny", type=int, default=64)
    ap.add_argument("--points", type=int, default=201)
    ap.add_argument("--relax", type=int, default=2000)
    ap.add_argument("--out", type=Path, default=Path("hysteresis.csv"))
    args = ap.parse_args()
    sim = Simulation(SimConfig(nx=args.nx, ny=args.ny))
    up = np.linspace(-8e5, 8e5, args.points, dtype=np.float32)
    fields = np.concatenate([up, up[::-1]])
    mz = np.zeros_like(fields)
    check(lib.mm_sweep_field(sim.ctx, fptr(fields), len(fields), args.relax, fptr(mz)))
    np.savetxt(args.out, np.stack([fields, mz], axis=1), delimiter=",", header="H_z (A/m),m_z")
    sim.close()


if __name__ == "__main__":
    main()
