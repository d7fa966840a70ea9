"""Rietveld refinement with a CUDA profile engine (librv)."""

__version__ = "0.5.4"
