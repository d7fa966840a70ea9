import functools
import math

import numpy as np
import pycuda.driver as cuda

_S2 = 1 / math.sqrt(2)

GATES = {
    "I": np.eye(2, dtype=np.complex64),
    "X": np.array([[0, 1], [1, 0]], dtype=np.complex64),
    "Y": np.array([[0, -1j], [1j, 0]], dtype=np.complex64),
    "Z": np.array([[1, 0], [0, -1]], dtype=np.complex64),
    "H": np.array([[_S2, _S2], [_S2, -_S2]], dtype=np.complex64),
    "S": np.array([[1, 0], [0, 1j]], dtype=np.complex64),
    "T": np.array([[1, 0], [0, np.exp(1j * np.pi / 4)]], dtype=np.complex64),
}


def rx(theta):
    c, s = math.cos(theta / 2), math.sin(theta / 2)
    return np.array([[c, -1j * s], [-1j * s, c]], dtype=np.complex64)


def rz(theta):
    return np.array([[np.exp(-0.5j * theta), 0], [0, np.exp(0.5j * theta)]], dtype=np.complex64)


def cnot():
    m = np.eye(4, dtype=np.complex64)
    m[2:, 2:] = GATES["X"]
    return m


@functools.lru_cache(maxsize=None)
def gate_table_pinned(name):
    mat = GATES[name]
    host = cuda.pagelocked_empty(mat.shape, dtype=np.complex64)
    host[...] = mat
    return host
