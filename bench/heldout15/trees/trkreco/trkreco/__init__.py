"""Track reconstruction on HIP."""
__version__ = "0.9.0"
