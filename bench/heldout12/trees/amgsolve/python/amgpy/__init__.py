from .solver import AMGSolver, load_matrix

__all__ = ["AMGSolver", "load_matrix"]
