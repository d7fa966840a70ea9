"""LLG micromagnetics on AMD GPUs."""

__version__ = "0.3.0"
