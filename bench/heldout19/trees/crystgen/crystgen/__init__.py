"""Periodic diffusion for crystal-structure generation."""

__version__ = "0.2.0"
