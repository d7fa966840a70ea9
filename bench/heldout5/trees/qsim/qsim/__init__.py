from .circuit import Circuit
from .gates import GATES

__all__ = ["Circuit", "GATES"]
