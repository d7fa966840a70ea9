from .bandpass import BandpassStage

__all__ = ["BandpassStage"]
