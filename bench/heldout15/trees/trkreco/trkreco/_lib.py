"""ctypes bindings of libtrkreco."""
from __future__ import annotations

import ctypes
from ctypes import POINTER, c_char_p, c_float, c_int, c_void_p

MAX_TRACK_HITS = 32
SEED_STRIDE = 9


class Track(ctypes.Structure):
    _fields_ = [
        ("state", c_float * 5),
        ("cov", c_float * 15),
        ("hit_idx", c_int * MAX_TRACK_HITS),
        ("n_hits", c_int),
        ("chi2", c_float),
    ]


def load_library(path: str) -> ctypes.CDLL:
    lib = ctypes.CDLL(path)
    lib.trk_load_geometry.argtypes = [c_char_p, POINTER(c_void_p)]
    lib.trk_load_geometry.restype = c_int
    lib.trk_free_geometry.argtypes = [c_void_p]
    lib.trk_read_calib.argtypes = [c_char_p, POINTER(c_float), c_int]
    lib.trk_read_calib.restype = c_int
    lib.trk_alloc_hit_ring.argtypes = [c_int, c_int]
    lib.trk_alloc_hit_ring.restype = POINTER(c_float)
    lib.trk_free_hit_ring.argtypes = [POINTER(c_float)]
    lib.trk_make_seed_buffer.argtypes = [c_int, c_int]
    lib.trk_make_seed_buffer.restype = POINTER(c_float)
    lib.trk_free_buffer.argtypes = [POINTER(c_float)]
    lib.trk_find_seeds.argtypes = [c_void_p, POINTER(c_float), c_int, POINTER(c_float), c_int,
                                   c_float, c_float]
    lib.trk_find_seeds.restype = c_int
    lib.trk_fit_tracks.argtypes = [c_void_p, POINTER(Track), c_int]
    lib.trk_fit_tracks.restype = c_int
    lib.trk_ambiguity_create.argtypes = [c_int]
    lib.trk_ambiguity_create.restype = c_void_p
    lib.trk_resolve_ambiguity.argtypes = [c_void_p, POINTER(Track), c_int, POINTER(c_int)]
    lib.trk_resolve_ambiguity.restype = c_int
    lib.trk_ambiguity_destroy.argtypes = [c_void_p]
    lib.trk_write_tracks.argtypes = [c_char_p, POINTER(Track), c_int]
    lib.trk_write_tracks.restype = c_int
    return lib
