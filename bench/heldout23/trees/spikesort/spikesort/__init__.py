"""Template-matching spike sorting for high-density probes."""

from .config import SorterConfig, load_sessions
from .sorter import Sorter

__all__ = ["Sorter", "SorterConfig", "load_sessions"]
__version__ = "0.4.2"
