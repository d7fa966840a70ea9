"""Turbofan remaining-useful-life prediction."""
from .config import DataConfig, OptimConfig, TrainConfig

__all__ = ["DataConfig", "OptimConfig", "TrainConfig"]
__version__ = "0.4.1"
