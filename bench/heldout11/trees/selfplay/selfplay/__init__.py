"""AlphaZero-style self-play for Go."""
from .config import SelfPlayConfig, load_config

__all__ = ["SelfPlayConfig", "load_config"]
__version__ = "0.4.2"
