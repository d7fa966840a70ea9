"""ctypes bindings for libgridse."""
import ctypes
import os
from ctypes import POINTER, c_char_p, c_float, c_int, c_size_t, c_uint8, c_uint64, c_void_p

_here = os.path.dirname(__file__)
lib = ctypes.CDLL(os.environ.get("GRIDSE_LIB", os.path.join(_here, "libgridse.so")))

lib.se_create.argtypes = [c_int, c_int, POINTER(c_void_p)]
lib.se_create.restype = c_int
lib.se_destroy.argtypes = [c_void_p]
lib.se_destroy.restype = None
lib.se_load_topology.argtypes = [c_void_p, c_char_p]
lib.se_load_topology.restype = c_int
lib.se_estimate.argtypes = [c_void_p, c_void_p, c_void_p, c_int, c_void_p, c_void_p]
lib.se_estimate.restype = c_int
lib.se_bad_data.argtypes = [c_void_p, c_float, POINTER(c_int), c_int]
lib.se_bad_data.restype = c_int
lib.se_export_snapshot.argtypes = [c_void_p, c_char_p]
lib.se_export_snapshot.restype = c_int
lib.se_warm_start.argtypes = [c_void_p, c_char_p]
lib.se_warm_start.restype = c_int
lib.se_topology_version.argtypes = [c_void_p]
lib.se_topology_version.restype = c_uint64
lib.se_observability_mask.argtypes = [c_void_p]
lib.se_observability_mask.restype = POINTER(c_uint8)
lib.se_ring_create.argtypes = [c_int, c_size_t]
lib.se_ring_create.restype = c_void_p
lib.se_ring_destroy.argtypes = [c_void_p]
lib.se_ring_acquire.argtypes = [c_void_p]
lib.se_ring_acquire.restype = POINTER(c_uint8)


def check(rc: int, what: str) -> None:
    if rc != 0:
        raise RuntimeError(f"{what} failed with gridse error {rc}")
