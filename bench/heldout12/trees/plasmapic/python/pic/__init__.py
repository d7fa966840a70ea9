from . import _pic
from .callbacks import EnergyLogger, FieldMovie, ProbeTrace

__all__ = ["_pic", "EnergyLogger", "FieldMovie", "ProbeTrace"]
