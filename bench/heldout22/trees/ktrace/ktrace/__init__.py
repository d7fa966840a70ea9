"""Knowledge tracing for adaptive practice."""
__version__ = "2.1.0"
