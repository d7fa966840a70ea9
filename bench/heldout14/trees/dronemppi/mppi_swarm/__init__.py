from .config import SwarmConfig, load_config
from .coordinator import SwarmCoordinator

__all__ = ["SwarmConfig", "SwarmCoordinator", "load_config"]
__version__ = "0.4.2"
