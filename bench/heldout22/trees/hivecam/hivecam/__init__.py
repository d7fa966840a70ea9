"""Hive entrance monitoring: bee counts and Varroa detection."""
__version__ = "1.1.0"
