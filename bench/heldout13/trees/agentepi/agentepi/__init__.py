from ._epi import Params, Simulation

__all__ = ["Params", "Simulation"]
