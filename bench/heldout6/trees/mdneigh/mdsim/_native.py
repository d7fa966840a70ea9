import ctypes
import ctypes.util
import os


class MdSystem(ctypes.Structure):
    _fields_ = [("n", ctypes.c_int), ("box", ctypes.c_float * 3), ("cutoff", ctypes.c_float),
                ("skin", ctypes.c_float), ("h_pos", ctypes.POINTER(ctypes.c_float)),
                ("h_vel", ctypes.POINTER(ctypes.c_float)), ("d_pos", ctypes.c_void_p),
                ("d_vel", ctypes.c_void_p), ("d_force", ctypes.c_void_p), ("d_nbr", ctypes.c_void_p),
                ("d_nnbr", ctypes.c_void_p), ("max_nbr", ctypes.c_int)]


lib = ctypes.CDLL(os.environ.get("MDSIM_LIB", os.path.join(os.path.dirname(__file__), "libmd.so")))
libc = ctypes.CDLL(ctypes.util.find_library("c"))
libc.fopen.restype = ctypes.c_void_p
libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.fclose.argtypes = [ctypes.c_void_p]

P = ctypes.POINTER(MdSystem)
lib.md_system_create.restype = P
lib.md_system_create.argtypes = [ctypes.c_int, ctypes.c_float * 3, ctypes.c_float, ctypes.c_float, ctypes.c_int]
lib.md_system_destroy.argtypes = [P]
lib.md_build_neighbors.argtypes = [P]
lib.md_step.argtypes = [P, ctypes.c_float]
lib.md_thermo.argtypes = [P, ctypes.c_double * 4]
lib.md_rdf.argtypes = [P, ctypes.c_int, ctypes.c_float, ctypes.POINTER(ctypes.c_double)]
lib.md_write_frame.argtypes = [P, ctypes.c_void_p, ctypes.c_int64]
lib.md_read_restart.argtypes = [P, ctypes.c_char_p]
