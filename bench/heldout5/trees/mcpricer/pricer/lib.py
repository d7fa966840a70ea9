import ctypes
import os

import numpy as np

_HERE = os.path.dirname(__file__)
_KIND = {"call": 0, "put": 1, "asian": 2, "barrier": 3}


class _Opt(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("strike", ctypes.c_double), ("expiry", ctypes.c_double),
                ("barrier", ctypes.c_double), ("notional", ctypes.c_double)]


def _load():
    lib = ctypes.CDLL(os.environ.get("MCP_LIB", os.path.join(_HERE, "libmcp.so")))
    lib.mcp_create.restype = ctypes.c_void_p
    lib.mcp_create.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_uint64]
    lib.mcp_destroy.argtypes = [ctypes.c_void_p]
    lib.mcp_set_curve.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
    lib.mcp_price_batch.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Opt), ctypes.c_int, ctypes.c_double,
                                    ctypes.c_double, ctypes.c_double, ctypes.c_void_p]
    lib.mcp_price_path_dependent.argtypes = lib.mcp_price_batch.argtypes
    lib.mcp_greeks.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Opt), ctypes.c_int, ctypes.c_double,
                               ctypes.c_double, ctypes.c_double, ctypes.c_void_p]
    lib.mcp_calibrate.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
    lib.mcp_export_paths.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    lib.mcp_load_surface.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    return lib


class Pricer:
    def __init__(self, n_paths=1 << 20, n_steps=252, seed=1234):
        self.lib = _load()
        self.ctx = self.lib.mcp_create(n_paths, n_steps, seed)
        self._curve = None

    def set_curve(self, t, r):
        self._curve = (np.ascontiguousarray(t, np.float64), np.ascontiguousarray(r, np.float64))
        self.lib.mcp_set_curve(self.ctx, self._curve[0].ctypes.data, self._curve[1].ctypes.data, len(t))

    @staticmethod
    def _opts(options):
        arr = (_Opt * len(options))()
        for i, o in enumerate(options):
            arr[i] = _Opt(_KIND[o.kind], o.strike, o.expiry, o.barrier, o.notional)
        return arr

    def price(self, options, m):
        out = np.zeros(len(options), np.float64)
        vanilla = all(o.kind in ("call", "put") for o in options)
        fn = self.lib.mcp_price_batch if vanilla else self.lib.mcp_price_path_dependent
        rc = fn(self.ctx, self._opts(options), len(options), m.spot, m.vol, m.rate, out.ctypes.data)
        if rc:
            raise RuntimeError(f"mcp pricing failed: {rc}")
        return out

    def greeks(self, options, m):
        out = np.zeros((len(options), 3), np.float64)
        self.lib.mcp_greeks(self.ctx, self._opts(options), len(options), m.spot, m.vol, m.rate, out.ctypes.data)
        return out

    def calibrate(self, quotes):
        q = np.ascontiguousarray(quotes, np.float64)
        out = np.zeros(3, np.float64)
        self.lib.mcp_calibrate(self.ctx, q.ctypes.data, len(q), out.ctypes.data)
        return out

    def export_paths(self, path, n):
        return self.lib.mcp_export_paths(self.ctx, path.encode(), n)

    def load_surface(self, path):
        return self.lib.mcp_load_surface(self.ctx, path.encode())

    def close(self):
        if self.ctx:
            self.lib.mcp_destroy(self.ctx)
            self.ctx = None
