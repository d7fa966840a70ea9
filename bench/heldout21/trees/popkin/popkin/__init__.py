"""popkin: neural-ODE population pharmacokinetics."""
from .config import Config, load_config

__all__ = ["Config", "load_config"]
__version__ = "0.4.2"
