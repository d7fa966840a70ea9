"""sfxindex: online hit finding and indexing for serial femtosecond crystallography."""
__version__ = "1.3.0"
