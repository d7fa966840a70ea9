import cupy as cp
import cupyx
import numpy as np


def connected_components(graph):
    ip, ix = graph.to_device()
    n = graph.n
    src = cp.repeat(cp.arange(n, dtype=cp.int32), cp.diff(ip).tolist())
    label = cp.arange(n, dtype=cp.int32)
    while True:
        a, b = label[src], label[ix]
        m = cp.minimum(a, b)
        new = label.copy()
        cp.minimum.at(new, src, m) if hasattr(cp.minimum, "at") else None
        new[ix] = cp.minimum(new[ix], m)
        new = new[new]
        if bool((new == label).all()):
            break
        label = new
    out = cupyx.empty_pinned((n,), dtype=np.int32)
    label.get(out=out)
    return out
