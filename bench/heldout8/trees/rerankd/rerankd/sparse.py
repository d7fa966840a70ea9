import numpy as np

from . import _sparse


def sparse_attention(q, k, block=64):
    return _sparse.block_sparse_attn(np.ascontiguousarray(q, np.float32),
                                     np.ascontiguousarray(k, np.float32), block)
