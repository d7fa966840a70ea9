from .recon import Reconstructor

__all__ = ["Reconstructor"]
