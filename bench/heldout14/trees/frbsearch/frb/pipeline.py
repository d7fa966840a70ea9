from __future__ import annotations

import ctypes
import logging
import queue
import threading

import cupy as cp
import cupyx
import numpy as np

from ._lib import lib
from .boxcar import search_widths
from .cands import cluster
from .config import SurveyConfig
from .rfi import RfiMasker

log = logging.getLogger(__name__)


class Pipeline:
    def __init__(self, cfg: SurveyConfig, source):
        self.cfg = cfg
        self.source = source
        self.plan = lib.fdd_plan_create(cfg.nchan, cfg.ndm, cfg.nsub, cfg.block, cfg.fch1_mhz, cfg.foff_mhz,
                                        cfg.tsamp_s, cfg.dm_min, cfg.dm_max)
        self.free_q: queue.Queue = queue.Queue()
        self.full_q: queue.Queue = queue.Queue()
        for batch in range(cfg.nbuf):
            self.free_q.put(cupyx.zeros_pinned((cfg.block, cfg.nchan), dtype=np.uint8))
        self.masker = RfiMasker(cfg.nchan)
        self.stop = threading.Event()
        self.ncands = 0

    def _reader(self):
        for raw in self.source:
            if self.stop.is_set():
                break
            buf = self.free_q.get()
            buf[: raw.shape[0]] = raw
            self.full_q.put((buf, raw.shape[0]))
        self.full_q.put(None)

    def _emit_candidate(self, cands, nsamp):
        mem = cp.cuda.alloc_pinned_memory(len(cands) * 4 * 4)
        arr = np.frombuffer(mem, dtype=np.float32, count=len(cands) * 4).reshape(-1, 4)
        arr[:] = np.asarray(cands, dtype=np.float32)
        lib.fdd_write_cands(b"cands.bin", arr.ctypes.data, len(cands))
        self.ncands += len(cands)

    def _gpu_loop(self):
        cfg = self.cfg
        while True:
            item = self.full_q.get()
            if item is None:
                break
            buf, nsamp = item
            flags = self.masker(buf[:nsamp].ravel(), nsamp)
            buf[:nsamp, flags.astype(bool)] = 0
            lib.fdd_stage_block(self.plan, buf.ctypes.data, nsamp * cfg.nchan)
            out = lib.fdd_make_output(self.plan, nsamp)
            lib.fdd_dedisperse(self.plan, out, nsamp)
            dmt = np.ctypeslib.as_array(out, shape=(cfg.ndm, nsamp))
            peaks = search_widths(cp.asarray(dmt), cfg.widths, cfg.snr)
            lib.fdd_free_output(out)
            self.free_q.put(buf)
            cands = cluster(peaks, cfg.ndm, cfg.dm_min, cfg.dm_max, cfg.snr)
            if cands:
                self._emit_candidate(cands, nsamp)

    def run(self):
        t = threading.Thread(target=self._reader, name="reader", daemon=True)
        t.start()
        try:
            self._gpu_loop()
        finally:
            self.stop.set()
            lib.fdd_plan_destroy(self.plan)
        log.info("%d candidates", self.ncands)
