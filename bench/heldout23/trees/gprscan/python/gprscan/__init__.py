"""Python driver for libgprscan."""

__version__ = "2.1.0"
