"""LiDAR point-cloud preprocessing on the GPU (Numba CUDA kernels, a PyCUDA outlier filter)."""

from .augment import augment
from .ring import MappedRing
from .voxelize import Voxelizer

__all__ = ["Voxelizer", "MappedRing", "augment"]
