import ctypes
import os
from ctypes import POINTER, c_char_p, c_double, c_float, c_int, c_size_t, c_void_p

_path = os.environ.get("FDD_LIB", os.path.join(os.path.dirname(__file__), "..", "csrc", "libfdd.so"))
lib = ctypes.CDLL(_path)

lib.fdd_plan_create.restype = c_void_p
lib.fdd_plan_create.argtypes = [c_int, c_int, c_int, c_size_t, c_double, c_double, c_double, c_double, c_double]
lib.fdd_plan_destroy.argtypes = [c_void_p]
lib.fdd_stage_block.argtypes = [c_void_p, c_void_p, c_size_t]
lib.fdd_make_output.restype = POINTER(c_float)
lib.fdd_make_output.argtypes = [c_void_p, c_size_t]
lib.fdd_free_output.argtypes = [POINTER(c_float)]
lib.fdd_dedisperse.argtypes = [c_void_p, POINTER(c_float), c_size_t]
lib.fdd_write_cands.argtypes = [c_char_p, c_void_p, c_int]
lib.fdd_load_mask.argtypes = [c_char_p, POINTER(c_void_p), c_int]
