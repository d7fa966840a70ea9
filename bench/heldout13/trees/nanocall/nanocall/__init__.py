"""nanocall: a CRF basecaller for nanopore signal."""
__version__ = "0.9.1"
