"""combkin: finite-rate chemistry for reacting-flow LES on AMD GPUs."""
__version__ = "0.8.0"
