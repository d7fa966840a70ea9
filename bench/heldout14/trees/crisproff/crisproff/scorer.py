from __future__ import annotations

from ._ffi import ffi, lib
from .rank import Ranker


class Scorer:
    def __init__(self, index_path: str, max_hits: int = 1 << 16, warm: int = 2):
        self.idx = lib.ots_index_open(index_path.encode())
        if self.idx == ffi.NULL:
            raise RuntimeError(f"cannot open index {index_path}")
        self.ws = lib.ots_ws_create()
        self.max_hits = max_hits
        self.spare = [lib.ots_alloc_hits(max_hits) for _ in range(warm)]
        self.ranker = Ranker()

    def score(self, guides: list[str]) -> list[dict]:
        buf = ffi.new("char[]", "".join(g[:20].upper() for g in guides).encode())
        hits = lib.ots_alloc_hits(self.max_hits)
        try:
            n = lib.ots_score_guides(self.idx, self.ws, buf, len(guides), hits, self.max_hits)
            rows = [hits[i] for i in range(n)]
            feats = [(float(h.mm), float(h.score), float(h.pos % 1000) / 1000) for h in rows]
            ranks = self.ranker.rank(feats) if feats else []
            return [{"guide": guides[h.guide], "pos": int(h.pos), "mm": int(h.mm), "rank": r}
                    for h, r in zip(rows, ranks)]
        finally:
            lib.ots_free_hits(hits)

    def close(self):
        for h in self.spare:
            lib.ots_free_hits(h)
        lib.ots_ws_destroy(self.ws)
        lib.ots_index_close(self.idx)
