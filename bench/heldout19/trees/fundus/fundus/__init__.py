"""Fundus photograph screening."""

__version__ = "1.4.0"
