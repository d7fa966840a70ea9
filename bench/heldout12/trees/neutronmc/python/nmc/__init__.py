from .settings import Settings, load_settings
from .simulation import Simulation

__all__ = ["Settings", "Simulation", "load_settings"]
