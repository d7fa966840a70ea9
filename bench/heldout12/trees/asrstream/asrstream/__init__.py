"""asrstream: streaming CTC speech recognition."""

__version__ = "0.4.2"
