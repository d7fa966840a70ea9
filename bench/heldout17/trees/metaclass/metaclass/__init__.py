"""metaclass: GPU taxonomic classification of shotgun metagenomic reads."""
from .config import ClassifyConfig
from .classifier import Classifier

__all__ = ["ClassifyConfig", "Classifier"]
__version__ = "0.7.2"
