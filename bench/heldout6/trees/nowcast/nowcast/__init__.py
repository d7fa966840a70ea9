"""Radar precipitation nowcasting (ConvLSTM) - training and serving."""
from .config import NowcastConfig

__all__ = ["NowcastConfig"]
__version__ = "0.4.1"
