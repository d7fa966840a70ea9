import cupy as cp
import cupyx
import numpy as np


def iter_row_batches(frame, rows, columns=None):
    """Yield device batches of `rows` rows, reusing one pinned staging block."""
    cols = columns if columns is not None else list(range(frame.X.shape[1]))
    host = cupyx.empty_pinned((rows, len(cols)), dtype=np.float32)
    X = cp.asnumpy(frame.X[:, cols])
    for start in range(0, X.shape[0], rows):
        stop = min(start + rows, X.shape[0])
        host[: stop - start] = X[start:stop]
        yield cp.asarray(host[: stop - start])
