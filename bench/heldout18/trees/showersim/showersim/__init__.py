"""showersim: IACT image cleaning, Hillas parametrisation and stereo reconstruction."""
__version__ = "0.4.1"
