from .operators import OBS_OPERATORS, register
from .reader import read_window

__all__ = ["OBS_OPERATORS", "register", "read_window"]
