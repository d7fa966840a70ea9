import ctypes
import os

_lib = None


class GxGraph(ctypes.Structure):
    _fields_ = [("n", ctypes.c_int64), ("m", ctypes.c_int64),
                ("h_indptr", ctypes.POINTER(ctypes.c_int64)), ("h_indices", ctypes.POINTER(ctypes.c_int32)),
                ("d_indptr", ctypes.c_void_p), ("d_indices", ctypes.c_void_p)]


def lib():
    global _lib
    if _lib is None:
        _lib = ctypes.CDLL(os.environ.get("GX_LIB", os.path.join(os.path.dirname(__file__), "libgx.so")))
        _lib.gx_graph_load.argtypes = [ctypes.c_char_p, ctypes.POINTER(GxGraph)]
        _lib.gx_graph_save.argtypes = [ctypes.c_char_p, ctypes.POINTER(GxGraph)]
        _lib.gx_graph_relabel.argtypes = [ctypes.POINTER(GxGraph), ctypes.c_int]
        _lib.gx_bfs.argtypes = [ctypes.POINTER(GxGraph), ctypes.c_int32, ctypes.c_void_p]
        _lib.gx_pagerank_create.restype = ctypes.c_void_p
        _lib.gx_pagerank_create.argtypes = [ctypes.POINTER(GxGraph), ctypes.c_double]
        _lib.gx_pagerank_iterate.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        _lib.gx_pagerank_destroy.argtypes = [ctypes.c_void_p]
    return _lib
