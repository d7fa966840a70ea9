"""Loads the compiled extension (built by setup.py as vidanalytics.native._vaops)."""
try:
    from . import _vaops as vaops  # type: ignore
except ImportError:  # pragma: no cover
    vaops = None
