"""specpipe: GPU search pipeline for dispersed radio transients."""

__version__ = "0.3.1"
