from .base import ForceField, ForceTerm
from .coulomb import Ewald
from .lj import LennardJones
