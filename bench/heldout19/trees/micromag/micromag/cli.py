from __future__ import annotations

import logging
import sys

import numpy as np

from .config import parse_args
from .monitor import TorqueMonitor
from .sim import Simulation

log = logging.getLogger("micromag")


def main(argv=None) -> int:
    logging.basicConfig(level=logging.INFO)
    cfg = parse_args(argv)
    sim = Simulation(cfg)
    try:
        with TorqueMonitor(sim) as mon:
            sim.run(cfg.steps, cfg.h_ext)
        np.save(cfg.out_dir / "torque.npy", mon.buf[: mon.n])
        log.info("final max torque %.3e", mon.buf[mon.n - 1] if mon.n else float("nan"))
    finally:
        sim.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
