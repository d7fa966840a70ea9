"""fpsearch: similarity search over ECFP/Morgan fingerprint libraries."""
__version__ = "1.2.0"
