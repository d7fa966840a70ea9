"""Single-point B3LYP-like energy of a water dimer (run once)."""
import logging

import cupyx
import numpy as np

from hfscf import RKS
from hfscf.monitor import EnergyLogger, OrbitalSnapshot


class Mol:
    formula = "H4O2"

    def __init__(self, xyz):
        self.atoms = [(8 if i % 3 == 0 else 1, tuple(r)) for i, r in enumerate(xyz)]


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    geom = cupyx.empty_pinned((6, 3), dtype=np.float64)
    geom[...] = np.loadtxt("water_dimer.xyz", skiprows=2, usecols=(1, 2, 3))
    scf = RKS(Mol(geom), "def2-svp", grid_level=3, callbacks=[EnergyLogger(), OrbitalSnapshot()])
    try:
        print(f"E = {scf.run():.10f} Eh")
    finally:
        scf.close()


if __name__ == "__main__":
    main()
