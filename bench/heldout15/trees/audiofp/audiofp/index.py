from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor

import cupy as cp
import cupyx
import numpy as np

from .catalog import export_table
from .hashing import hash_landmarks
from .peaks import find_peaks_hops
from .spectro import chunk_frames, load_audio, spectrogram

log = logging.getLogger(__name__)


class IndexBuilder:
    def __init__(self, cfg):
        self.cfg = cfg
        # staging rows the main thread copies finished tracks into
        self.pool: list[np.ndarray] = []
        for batch in range(cfg.pool_size):
            self.pool.append(cupyx.zeros_pinned((cfg.max_hashes, 2), dtype=np.uint32))
        self.rows: list[np.ndarray] = []
        self.titles: list[str] = []

    def fingerprint_track(self, path: str):
        audio = load_audio(path, self.cfg.sample_rate)
        host = cupyx.empty_pinned(audio.shape, dtype=np.float32)
        host[...] = audio
        with cp.cuda.Stream(non_blocking=True):
            spec = cp.asnumpy(spectrogram(cp.asarray(host)))
        peaks = find_peaks_hops(chunk_frames(spec, self.cfg.hop_frames), self.cfg)
        return path, hash_landmarks(peaks, self.cfg.bands, self.cfg.fan_out)

    def build(self, paths: list[str]) -> None:
        with ThreadPoolExecutor(self.cfg.workers) as ex:
            for track_id, (path, hashes) in enumerate(ex.map(self.fingerprint_track, paths)):
                slot = self.pool[track_id % len(self.pool)]
                n = min(len(hashes), len(slot))
                slot[:n, 0] = hashes[:n, 0]
                slot[:n, 1] = (np.uint32(track_id) << 16) | (hashes[:n, 1] & 0xFFFF)
                self.rows.append(slot[:n].copy())
                self.titles.append(path)
                if track_id % 500 == 0:
                    log.info("%d tracks indexed", track_id)

    def write(self, out_dir) -> None:
        """One sorted table per build; the service loads every *.afp in the shard folder."""
        table = np.concatenate(self.rows) if self.rows else np.zeros((0, 2), np.uint32)
        export_table(np.ascontiguousarray(table), f"{out_dir}/shards/build.afp")
        np.savez(f"{out_dir}/catalog.npz", ids=np.arange(len(self.titles), dtype=np.uint32),
                 titles=np.array(self.titles))
