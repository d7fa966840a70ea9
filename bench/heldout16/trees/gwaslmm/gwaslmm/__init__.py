"""gwaslmm: GPU linear-mixed-model association scans."""
__version__ = "0.9.0"
