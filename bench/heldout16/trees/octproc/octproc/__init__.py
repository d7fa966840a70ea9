"""octproc: real-time spectral-domain OCT processing."""
__version__ = "1.3.0"
