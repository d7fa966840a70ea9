import numpy as np
from numba import cuda

from mdsim.forces.base import ForceField, ForceTerm


class Const(ForceTerm):
    def compute(self, system):
        return 1.5


def test_forcefield_collects_energies():
    ff = ForceField([Const()])
    ff.evaluate(None)
    assert ff.energies == {"Const": 1.5}


def test_mapped_roundtrip():
    m = cuda.mapped_array(4, dtype=np.float64)
    m[:] = 2.0
    assert m.sum() == 8.0
