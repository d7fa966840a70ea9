from .acoustic import AcousticModel
from .vocoder import Vocoder

__all__ = ["AcousticModel", "Vocoder"]
