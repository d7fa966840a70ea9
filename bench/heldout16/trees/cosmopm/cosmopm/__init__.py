"""cosmopm: particle-mesh N-body with on-the-fly analysis."""
__version__ = "0.3.1"
