from .api import Index, seed_batch

__all__ = ["Index", "seed_batch"]
