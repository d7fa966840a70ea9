"""GPU reactive transport for contaminant plumes."""

from .config import RunConfig, load_config
from .driver import Simulation

__all__ = ["RunConfig", "Simulation", "load_config"]
__version__ = "0.6.2"
