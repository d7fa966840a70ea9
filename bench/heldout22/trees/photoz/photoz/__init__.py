"""GPU template-fitting photometric redshifts."""
__version__ = "1.3.0"
