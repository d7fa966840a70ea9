import ctypes
import os
from ctypes import POINTER, Structure, c_char_p, c_float, c_int, c_void_p


class Defect(Structure):
    _fields_ = [("x", c_int), ("y", c_int), ("w", c_int), ("h", c_int), ("klass", c_int), ("score", c_float)]


lib = ctypes.CDLL(os.environ.get("LINEINSPECT_LIB", "liblineinspect.so"))
lib.li_open.argtypes = [c_int, c_int, c_char_p, c_char_p]
lib.li_open.restype = c_void_p
lib.li_close.argtypes = [c_void_p]
lib.li_push_line.argtypes = [c_void_p, c_void_p]
lib.li_push_line.restype = c_int
lib.li_fetch_defects.argtypes = [c_void_p, POINTER(Defect), c_int]
lib.li_fetch_defects.restype = c_int
lib.li_write_report.argtypes = [c_void_p, c_char_p]
lib.li_write_report.restype = c_int
