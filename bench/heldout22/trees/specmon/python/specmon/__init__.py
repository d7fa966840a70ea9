"""specmon: GPU spectrum monitoring (Python side of libspecmon)."""
from ._lib import SpecmonError, lib

__all__ = ["SpecmonError", "lib"]
