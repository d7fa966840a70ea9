from .config import PlanConfig
from .engine import DoseEngine

__all__ = ["PlanConfig", "DoseEngine"]
