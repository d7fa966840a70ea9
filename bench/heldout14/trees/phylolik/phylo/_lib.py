import ctypes
import os
from ctypes import POINTER, c_char_p, c_double, c_int, c_size_t, c_void_p

lib = ctypes.CDLL(os.environ.get("PLK_LIB", "libplk.so"))
lib.plk_create.restype = c_void_p
lib.plk_create.argtypes = [c_int, c_int, c_int, c_int]
lib.plk_destroy.argtypes = [c_void_p]
lib.plk_set_tip_states.argtypes = [c_void_p, c_void_p, c_size_t]
lib.plk_update_matrices.argtypes = [c_void_p, POINTER(c_double), c_int]
lib.plk_site_likelihoods.restype = c_double
lib.plk_site_likelihoods.argtypes = [c_void_p, POINTER(c_double)]
lib.plk_make_split_buffer.restype = POINTER(c_double)
lib.plk_make_split_buffer.argtypes = [c_int]
lib.plk_free_host.argtypes = [c_void_p]
lib.plk_save_trace.argtypes = [c_char_p, POINTER(c_double), c_int]
lib.plk_dump_ancestral.argtypes = [c_char_p, c_void_p]

hip = ctypes.CDLL("libamdhip64.so")
hip.hipHostRegister.argtypes = [c_void_p, c_size_t, ctypes.c_uint]
hip.hipHostUnregister.argtypes = [c_void_p]
