from .stream import CompressStream, train_dictionary

__all__ = ["CompressStream", "train_dictionary"]
