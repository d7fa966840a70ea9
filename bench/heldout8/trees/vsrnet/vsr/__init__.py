from .model import BasicVSR

__all__ = ["BasicVSR"]
