"""Laser powder-bed fusion thermal simulation (HIP)."""
__version__ = "0.6.0"
