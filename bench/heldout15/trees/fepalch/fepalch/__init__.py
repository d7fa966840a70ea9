"""Alchemical free-energy perturbation with replica exchange."""

from .config import RunConfig, load_config

__all__ = ["RunConfig", "load_config"]
__version__ = "0.4.2"
