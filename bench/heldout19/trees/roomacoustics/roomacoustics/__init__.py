"""Image-source room impulse responses on the GPU."""

__version__ = "0.8.1"
