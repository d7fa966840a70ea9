"""celltrack: segmentation and lineage tracking for time-lapse fluorescence microscopy."""
from ._seg import Segmenter

__all__ = ["Segmenter"]
