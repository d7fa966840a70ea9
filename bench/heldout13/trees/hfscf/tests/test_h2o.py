import numpy as np
import pytest
from numba import cuda

pytest.importorskip("cupy")


class Mol:
    formula = "H2O"
    atoms = [(8, (0.0, 0.0, 0.0)), (1, (0.0, 0.757, 0.587)), (1, (0.0, -0.757, 0.587))]


@pytest.mark.skipif(not cuda.is_available(), reason="needs a GPU")
def test_water_energy_is_negative():
    from hfscf import RHF

    guess = cuda.pinned_array((3, 3), dtype=np.float64)
    guess[...] = np.asarray([xyz for _, xyz in Mol.atoms])
    scf = RHF(Mol(), "sto-3g", max_iter=30)
    try:
        assert scf.run() < 0.0
    finally:
        scf.close()
