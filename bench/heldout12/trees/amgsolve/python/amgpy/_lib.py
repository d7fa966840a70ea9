import ctypes
import os
from pathlib import Path

_path = os.environ.get("AMGSOLVE_LIB", str(Path(__file__).with_name("libamgsolve.so")))
lib = ctypes.CDLL(_path)


class Csr(ctypes.Structure):
    _fields_ = [
        ("n", ctypes.c_int),
        ("nnz", ctypes.c_int),
        ("row_ptr", ctypes.POINTER(ctypes.c_int)),
        ("col_idx", ctypes.POINTER(ctypes.c_int)),
        ("vals", ctypes.POINTER(ctypes.c_double)),
        ("blob", ctypes.c_void_p),
    ]


_dp = ctypes.POINTER(ctypes.c_double)
lib.amg_create.argtypes = [ctypes.c_int, ctypes.c_int]
lib.amg_create.restype = ctypes.c_void_p
lib.amg_destroy.argtypes = [ctypes.c_void_p]
lib.amg_setup.argtypes = [ctypes.c_void_p, ctypes.POINTER(Csr), ctypes.c_double]
lib.amg_solve.argtypes = [ctypes.c_void_p, _dp, _dp, ctypes.c_double, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
lib.amg_load_matrix.argtypes = [ctypes.c_char_p, ctypes.POINTER(Csr)]
lib.amg_free_matrix.argtypes = [ctypes.POINTER(Csr)]
lib.amg_write_residuals.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
lib.amg_dump_hierarchy.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
lib.amg_last_error.restype = ctypes.c_char_p
