"""Boom-camera weed detection and spot-spray control."""

__version__ = "2.0.1"
