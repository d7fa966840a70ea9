"""Camera-trap species classification with active learning."""

__version__ = "2.1.0"
