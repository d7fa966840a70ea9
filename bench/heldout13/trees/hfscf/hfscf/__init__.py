from .scf import RHF, RKS

__all__ = ["RHF", "RKS"]
