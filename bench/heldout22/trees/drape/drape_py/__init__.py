"""Python driver for the XPBD draping solver."""
from . import _drape  # noqa: F401

__version__ = "0.9.2"
