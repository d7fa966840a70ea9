from __future__ import annotations

import functools
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import cupy as cp
import cupyx
import numpy as np

from .catalog import load_catalog, load_shard
from .hashing import hash_landmarks
from .peaks import pick_peaks
from .spectro import prepare, spectrogram


class QueryEngine:
    def __init__(self, cfg):
        self.cfg = cfg
        self.tables = [load_shard(p) for p in sorted(Path(cfg.shards).glob("*.afp"))]
        self.ids, self.titles = load_catalog(cfg.catalog)
        self._hashes = cupyx.empty_pinned((cfg.max_query_hashes, 2), dtype=np.uint32)
        self._votes: np.ndarray | None = None
        self._votes_cap = 0
        self.executor = ThreadPoolExecutor(cfg.workers)

    @property
    def scratch(self) -> np.ndarray:
        """Host copy of the (candidate, offset-bin) vote histogram."""
        return cupyx.zeros_pinned((self.cfg.max_candidates, self.cfg.offset_bins), dtype=np.int32)

    def _ensure_votes(self, n: int) -> np.ndarray:
        if n > self._votes_cap:
            self._votes = cupyx.empty_pinned((n,), dtype=np.int64)
            self._votes_cap = n
        return self._votes[:n]

    def _vote(self, hashes: np.ndarray) -> dict:
        n = min(len(hashes), len(self._hashes))
        self._hashes[:n] = hashes[:n]
        q = cp.asarray(self._hashes[:n])
        offsets = []
        for table in self.tables:
            pos = cp.searchsorted(table[:, 0], q[:, 0])
            pos = cp.minimum(pos, table.shape[0] - 1)
            hit = table[pos, 0] == q[:, 0]
            track = table[pos, 1] >> 16
            dt = (table[pos, 1] & 0xFFFF).astype(cp.int64) - q[:, 1].astype(cp.int64)
            offsets.append(cp.where(hit, track.astype(cp.int64) * 65536 + (dt & 0xFFFF), -1))
        packed = cp.concatenate(offsets)
        votes = self._ensure_votes(packed.shape[0])
        votes[...] = cp.asnumpy(packed)
        hist = self.scratch
        valid = votes[votes >= 0]
        if valid.size == 0:
            return {"match": None}
        tracks, counts = np.unique(valid >> 16, return_counts=True)
        top = tracks[np.argsort(-counts)][: self.cfg.max_candidates]
        for row, t in enumerate(top):
            bins = (valid[(valid >> 16) == t] & 0xFFFF) % self.cfg.offset_bins
            hist[row] = np.bincount(bins, minlength=self.cfg.offset_bins)
        best = int(np.argmax(hist.max(axis=1)))
        return {"match": self.titles[int(top[best])], "score": int(hist[best].max())}

    def match(self, clip: np.ndarray) -> dict:
        spec = cp.asnumpy(spectrogram(prepare(clip)))
        peaks = pick_peaks(spec, self.cfg)
        return self._vote(hash_landmarks(peaks, self.cfg.bands, self.cfg.fan_out))

    def match_many(self, clips: list[np.ndarray]) -> list[dict]:
        specs = [cp.asnumpy(spectrogram(prepare(c))) for c in clips]
        pick = functools.partial(pick_peaks, cfg=self.cfg)
        futures = [self.executor.submit(pick, s) for s in specs]
        return [self._vote(hash_landmarks(f.result(), self.cfg.bands, self.cfg.fan_out))
                for f in futures]
