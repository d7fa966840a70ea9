from .mrc import MicrographReader, list_micrographs

__all__ = ["MicrographReader", "list_micrographs"]
