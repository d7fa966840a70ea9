import threading

import cupy as cp
import numpy as np


class Table:
    def __init__(self, name, columns):
        self.name = name
        self.columns = {k: np.ascontiguousarray(v) for k, v in columns.items()}
        self.num_rows = len(next(iter(self.columns.values()))) if self.columns else 0
        self.registered = []


class Catalog:
    def __init__(self):
        self.tables = {}
        self.lock = threading.Lock()

    def register_table(self, name, columns):
        t = Table(name, columns)
        for col in t.columns.values():
            cp.cuda.runtime.hostRegister(col.ctypes.data, col.nbytes, 0)
            t.registered.append(col)
        with self.lock:
            self.tables[name] = t
        return t

    def drop_table(self, name):
        with self.lock:
            t = self.tables.pop(name)
        for col in t.registered:
            cp.cuda.runtime.hostUnregister(col.ctypes.data)
        t.registered.clear()

    def get(self, name):
        return self.tables[name]

    def close(self):
        for name in list(self.tables):
            self.drop_table(name)
