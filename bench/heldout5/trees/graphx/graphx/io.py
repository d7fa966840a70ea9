import cupy as cp
import numpy as np

from .csr import CSRGraph


def read_edge_list(path, comment="#", delimiter=None):
    data = np.loadtxt(path, comments=comment, delimiter=delimiter, dtype=np.int64)
    edges = np.ascontiguousarray(data[:, :2])
    cp.cuda.runtime.hostRegister(edges.ctypes.data, edges.nbytes, 0)
    try:
        d = cp.asarray(edges)
        d = d[d[:, 0] != d[:, 1]]
        d = cp.unique(d, axis=0)
        out = cp.asnumpy(d)
    finally:
        cp.cuda.runtime.hostUnregister(edges.ctypes.data)
    return CSRGraph.from_edges(out[:, 0], out[:, 1])


def write_labels(path, labels):
    np.savetxt(path, np.stack([np.arange(len(labels)), labels], 1), fmt="%d")
