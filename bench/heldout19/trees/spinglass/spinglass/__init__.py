"""Parallel tempering for the Edwards-Anderson spin glass."""

__version__ = "0.6.0"
