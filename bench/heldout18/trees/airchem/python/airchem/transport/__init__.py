from ._advect import Advector

__all__ = ["Advector"]
