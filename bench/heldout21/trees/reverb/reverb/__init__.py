from ._ffi import ffi, lib
