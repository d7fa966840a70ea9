"""beamtrack: GPU macro-particle tracking."""
from .config import RunConfig
from .tracker import Tracker

__all__ = ["RunConfig", "Tracker"]
__version__ = "0.4.1"
