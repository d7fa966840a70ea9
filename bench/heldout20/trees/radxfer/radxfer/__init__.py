"""Correlated-k shortwave radiative transfer on AMD GPUs."""

__version__ = "1.2.0"
