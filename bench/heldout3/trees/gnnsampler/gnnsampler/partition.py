"""One-off preprocessing: edge list (.npy) -> CSR (rowptr, col) on the GPU, written back to disk."""

import argparse

import cupy
import cupyx
import numpy as np


def build_csr(edges_path, num_nodes, out_prefix):
    edges = np.load(edges_path, mmap_mode="r")
    staged = cupyx.zeros_pinned(edges.shape, dtype=np.int64)
    staged[...] = edges
    e = cupy.asarray(staged)
    order = cupy.lexsort(cupy.stack([e[:, 1], e[:, 0]]))
    src, dst = e[order, 0], e[order, 1]
    counts = cupy.bincount(src, minlength=num_nodes)
    rowptr = cupy.concatenate([cupy.zeros(1, dtype=cupy.int64), cupy.cumsum(counts)])
    np.save(out_prefix + "_rowptr.npy", cupy.asnumpy(rowptr))
    np.save(out_prefix + "_col.npy", cupy.asnumpy(dst))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("edges")
    ap.add_argument("num_nodes", type=int)
    ap.add_argument("out_prefix")
    a = ap.parse_args()
    build_csr(a.edges, a.num_nodes, a.out_prefix)
