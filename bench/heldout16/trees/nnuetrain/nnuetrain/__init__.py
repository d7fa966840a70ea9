"""nnuetrain: NNUE evaluation-net trainer."""
__version__ = "0.12.0"
