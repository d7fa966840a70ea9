from .linker import Linker
from .lineage import DivisionDetector

__all__ = ["Linker", "DivisionDetector"]
