"""ctypes bindings of libtkdrv (csrc/tkdrv.c)."""
import ctypes
from ctypes import POINTER, c_char_p, c_double, c_float, c_int, c_void_p


def load_driver(path: str = "build/libtkdrv.so") -> ctypes.CDLL:
    lib = ctypes.CDLL(path)
    lib.tk_open_digitizer.argtypes = [c_int, c_int]
    lib.tk_open_digitizer.restype = c_void_p
    lib.tk_close.argtypes = [c_void_p]
    lib.tk_fetch_slice.argtypes = [c_void_p, POINTER(c_float), c_int, c_double]
    lib.tk_fetch_slice.restype = c_int
    lib.tk_load_coil_geometry.argtypes = [c_void_p, c_char_p, POINTER(c_float), c_int]
    lib.tk_load_coil_geometry.restype = c_int
    return lib
