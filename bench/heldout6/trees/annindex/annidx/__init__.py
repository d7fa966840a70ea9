from .index import IvfIndex

__all__ = ["IvfIndex"]
