import ctypes
import os
from ctypes import POINTER, c_char_p, c_float, c_int, c_uint16, c_void_p

lib = ctypes.CDLL(os.environ.get("HSI_LIB", "libhsi.so"))
lib.hsi_open.argtypes = [c_int, c_int, c_void_p, c_void_p, POINTER(c_void_p)]
lib.hsi_open.restype = c_int
lib.hsi_close.argtypes = [c_void_p]
lib.hsi_process_line.argtypes = [c_void_p, c_void_p, c_void_p]
lib.hsi_process_line.restype = c_int
lib.unmix_line.argtypes = [c_void_p, c_void_p, c_void_p, c_int, c_void_p]
lib.unmix_line.restype = c_int
lib.fit_endmembers.argtypes = [c_void_p, c_int, c_int, c_int, c_int, c_void_p]
lib.fit_endmembers.restype = c_int
lib.hsi_read_cube.argtypes = [c_char_p, POINTER(c_int), POINTER(c_int), POINTER(c_int), POINTER(POINTER(c_float))]
lib.hsi_read_cube.restype = c_int
lib.hsi_free_cube.argtypes = [c_void_p]
lib.hsi_write_cube.argtypes = [c_char_p, c_void_p, c_int, c_int, c_int]
lib.hsi_write_cube.restype = c_int
lib.atmos_lut.argtypes = [c_int]
lib.atmos_lut.restype = POINTER(c_float)
lib.hsi_rx_create.argtypes = [c_int, c_int]
lib.hsi_rx_create.restype = c_void_p
lib.hsi_rx_score.argtypes = [c_void_p, c_void_p]
lib.hsi_rx_score.restype = POINTER(c_float)
