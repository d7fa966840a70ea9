from __future__ import annotations

import cupy
import numpy as np
from numba import cuda

from . import numba_kernels
from .pycuda_backend import Reranker
from .tanimoto import prepare_query_block, tanimoto_scores, topk_per_query


def _merge(per_shard, offsets, k):
    merged = []
    for q in range(len(per_shard[0])):
        idx = np.concatenate([per_shard[s][q][0] + offsets[s] for s in range(len(per_shard))])
        sc = np.concatenate([per_shard[s][q][1] for s in range(len(per_shard))])
        order = np.argsort(-sc)[:k]
        merged.append((idx[order], sc[order]))
    return merged


class CupyEngine:
    def __init__(self, library, cfg):
        self.library = library

    def search(self, queries: np.ndarray, k: int):
        block = prepare_query_block(queries, self.library.words)
        dq = cupy.asarray(block)
        shards = self.library.all_device_shards()
        offsets = np.cumsum([0] + [s.shape[0] for s in shards[:-1]])
        per_shard = [topk_per_query(tanimoto_scores(dq, shard), k) for shard in shards]
        return _merge(per_shard, offsets, k)


class NumbaEngine:
    def __init__(self, library, cfg):
        self.library = library
        self.scores = cuda.pinned_array((cfg.max_queries, cfg.top_k), dtype=np.float32)
        self.lib_bits = [
            cuda.to_device(np.unpackbits(np.asarray(s).view(np.uint8), axis=1).sum(1).astype(np.int32))
            for s in library.host_shards
        ]

    def search(self, queries: np.ndarray, k: int):
        qbits = numba_kernels.count_bits_batch(queries)
        per_shard = []
        for host, dev_bits in zip(self.library.host_shards, self.lib_bits):
            sims = numba_kernels.tanimoto_matrix(queries, qbits, cuda.to_device(host), dev_bits, self.scores)
            order = np.argsort(-sims, axis=1)[:, :k]
            self.scores[: len(queries), : order.shape[1]] = np.take_along_axis(sims, order, 1)
            per_shard.append([(order[i], self.scores[i, : order.shape[1]].copy()) for i in range(len(queries))])
        offsets = np.cumsum([0] + [h.shape[0] for h in self.library.host_shards[:-1]])
        return _merge(per_shard, offsets, k)


class PyCudaEngine:
    def __init__(self, library, cfg):
        self.library = library
        self.reranker = Reranker(library.words, cfg.max_candidates)
        self.max_candidates = cfg.max_candidates

    def search(self, queries: np.ndarray, k: int):
        results = []
        flat = np.concatenate([np.asarray(h) for h in self.library.host_shards])
        # coarse filter: shared set bits in the first word
        cands = [np.flatnonzero(flat[:, 0] & q[0])[: self.max_candidates] for q in queries]
        orders = self.reranker.rerank(queries, [flat[c] for c in cands])
        for c, o in zip(cands, orders):
            results.append((c[o[:k]], None))
        return results


ENGINES = {"cupy": CupyEngine, "numba": NumbaEngine, "pycuda": PyCudaEngine}


def make_engine(name: str, library, cfg):
    return ENGINES[name](library, cfg)
