"""Basal-friction inversion for marine ice sheets."""

from .config import InversionConfig
from .invert import build_solver, run

__all__ = ["InversionConfig", "build_solver", "run"]
__version__ = "0.4.1"
