import ctypes

import numpy as np


class NativeBook:
    """ctypes facade over native/libob.so."""

    def __init__(self, lib_path, max_levels, max_symbols, calendar=None):
        self.lib = ctypes.CDLL(lib_path)
        self.lib.ob_context_create.restype = ctypes.c_void_p
        self.lib.ob_context_create.argtypes = [ctypes.c_int, ctypes.c_int]
        self.lib.ob_snapshot.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
        self.lib.ob_load_calendar.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        self.lib.ob_context_destroy.argtypes = [ctypes.c_void_p]
        self.ctx = self.lib.ob_context_create(max_levels, max_symbols)
        if calendar:
            if self.lib.ob_load_calendar(self.ctx, calendar.encode()) != 0:
                raise RuntimeError(f"cannot load calendar {calendar}")
        self._out = np.zeros(3, dtype=np.float32)

    def snapshot(self, prices, sizes):
        levels = len(prices) // 2
        rc = self.lib.ob_snapshot(self.ctx, prices.ctypes.data, sizes.ctypes.data, levels, self._out.ctypes.data)
        if rc != 0:
            raise RuntimeError("ob_snapshot failed")
        return self._out.copy()

    def close(self):
        if self.ctx:
            self.lib.ob_context_destroy(self.ctx)
            self.ctx = None
