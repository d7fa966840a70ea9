import ctypes
import os

_path = os.environ.get("ANNIDX_LIB", os.path.join(os.path.dirname(__file__), "libann.so"))
lib = ctypes.CDLL(_path)

_f32p = ctypes.POINTER(ctypes.c_float)
_i64p = ctypes.POINTER(ctypes.c_int64)

lib.ann_index_open.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int64]
lib.ann_index_open.restype = ctypes.c_void_p
lib.ann_index_close.argtypes = [ctypes.c_void_p]
lib.ann_train_centroids.argtypes = [ctypes.c_void_p, _f32p, ctypes.c_int64, ctypes.c_int]
lib.ann_add_batch.argtypes = [ctypes.c_void_p, _f32p, ctypes.c_int64]
lib.ann_search.argtypes = [ctypes.c_void_p, _f32p, ctypes.c_int, ctypes.c_int, ctypes.c_int, _f32p, _i64p]
lib.ann_save.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
lib.ann_load.argtypes = [ctypes.c_char_p]
lib.ann_load.restype = ctypes.c_void_p
lib.ann_size.argtypes = [ctypes.c_void_p]
lib.ann_size.restype = ctypes.c_int64

ERRORS = {-1: "cuda error", -2: "index full", -3: "i/o error", -4: "bad argument"}


def check(rc):
    if rc != 0:
        raise RuntimeError(ERRORS.get(rc, f"ann error {rc}"))
