from ._ffi import ffi, lib

__all__ = ["ffi", "lib"]
