from ._cpd import CpAls, SparseTensor, finalize, initialize, read_tns
from .driver import CPModel, FitTracker, cp_als

__all__ = ["CpAls", "SparseTensor", "read_tns", "initialize", "finalize", "CPModel", "FitTracker", "cp_als"]
