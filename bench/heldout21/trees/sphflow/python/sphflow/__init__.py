from ._sphflow import Solver, SolverConfig

__all__ = ["Solver", "SolverConfig"]
