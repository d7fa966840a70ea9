"""conjscreen: GPU conjunction screening."""
__version__ = "1.0.4"
