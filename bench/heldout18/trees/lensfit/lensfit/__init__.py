"""lensfit: strong gravitational lens modelling of galaxy-scale lenses."""
__version__ = "2.1.0"
