"""Forward-time Wright-Fisher simulation on GPUs."""

__version__ = "0.11.0"
