"""The association scan: blocks of SNPs through the LMM, then to the writer and the hooks."""
from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor

import cupy as cp
import numpy as np
import torch

from .bedreader import BedFile
from .hooks import ScanHook
from .lmm import LMM
from .results import ResultWriter

log = logging.getLogger(__name__)


class AssociationScan:
    def __init__(self, cfg, bed: BedFile, lmm: LMM, writer: ResultWriter, hooks: list[ScanHook]):
        self.cfg = cfg
        self.bed = bed
        self.lmm = lmm
        self.writer = writer
        self.hooks = hooks
        self.stream = cp.cuda.Stream(non_blocking=True)
        self.executor = ThreadPoolExecutor(max_workers=cfg.io_threads, thread_name_prefix="bed")

    def _blocks(self):
        bs = self.cfg.block_snps
        for b, first in enumerate(range(0, self.bed.n_snps, bs)):
            yield b, first, min(bs, self.bed.n_snps - first)

    # --- readers -------------------------------------------------------------------------
    def _read_staged(self, first: int, n: int) -> cp.ndarray:
        G = cp.empty((n, self.bed.n_samples), dtype=cp.float32)
        self.bed.read_to_device(first, n, G.data.ptr, self.stream.ptr)
        return G

    def _load(self, first: int, n: int) -> torch.Tensor:
        """Runs on the I/O pool: decode on the CPU, pin, and let the main thread upload."""
        arr = np.empty((n, self.bed.n_samples), dtype=np.float32)
        self.bed.decode_into(first, arr)
        return torch.from_numpy(arr).pin_memory()

    def _iter_prefetched(self):
        blocks = list(self._blocks())
        futs = [self.executor.submit(self._load, first, n) for _, first, n in blocks[: self.cfg.prefetch]]
        for k, (b, first, n) in enumerate(blocks):
            nxt = k + self.cfg.prefetch
            if nxt < len(blocks):
                futs.append(self.executor.submit(self._load, blocks[nxt][1], blocks[nxt][2]))
            host = futs[k].result()
            with self.stream:
                G = cp.asarray(host.numpy())
            yield b, first, G

    def _iter_staged(self):
        for b, first, n in self._blocks():
            yield b, first, self._read_staged(first, n)

    # --- driver --------------------------------------------------------------------------
    def run(self) -> int:
        it = self._iter_prefetched() if self.cfg.reader == "prefetch" else self._iter_staged()
        n_tested = 0
        for b, first, G in it:
            res, keep = self.lmm.test_block(G)
            self.writer.write(b, first, res, keep)
            for h in self.hooks:
                h.on_block(b, first, res)
            n_tested += int(keep.sum())
            if b % 50 == 0:
                log.info("block %d: %d SNPs tested", b, n_tested)
        return n_tested
