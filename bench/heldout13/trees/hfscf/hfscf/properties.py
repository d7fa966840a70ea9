from __future__ import annotations

import cupyx
import numpy as np


def mulliken(scf) -> np.ndarray:
    """Mulliken charges of the converged density."""
    natm = len(scf.mol.atoms)
    pop = cupyx.empty_pinned((natm,), dtype=np.float64)
    PS = scf.D @ scf.S
    pop[...] = 0.0
    for ao, atom in enumerate(scf.ao_atom):
        pop[atom] += PS[ao, ao]
    charges = np.asarray([z for z, _ in scf.mol.atoms], np.float64) - pop
    return charges
