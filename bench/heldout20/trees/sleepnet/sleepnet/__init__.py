"""Sleep staging (AASM: W, N1, N2, N3, REM) from PSG recordings."""

STAGES = ("W", "N1", "N2", "N3", "REM")
__version__ = "0.8.0"
