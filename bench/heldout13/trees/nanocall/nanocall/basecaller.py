from __future__ import annotations

import logging
import queue
import threading

import torch

from .chunker import iter_chunks
from .signal import prepare_signal

log = logging.getLogger("nanocall")


class Stitcher:
    """Joins the chunk calls of each read, trimming half the overlap on each side."""

    def __init__(self, overlap: int, stride: int):
        self.trim = overlap // stride // 2

    def stitch(self, results, meta):
        reads = []
        for read_id, rows in meta.groups():
            n = sum(len(results[r][1]) - 2 * self.trim for r in rows)
            moves = torch.empty(max(n, 0), dtype=torch.uint8, pin_memory=True)
            seq, qual, pos = [], [], 0
            for r in rows:
                s, m, q = results[r]
                m = torch.frombuffer(bytearray(m), dtype=torch.uint8)[self.trim: len(m) - self.trim]
                moves[pos: pos + m.numel()].copy_(m)
                pos += m.numel()
                seq.append(s.decode())
                qual.extend(q)
            reads.append((read_id, "".join(seq), qual, moves))
        return reads


class Basecaller:
    def __init__(self, model, decoder, scaling, batch_chunks=512, chunk_len=10000, overlap=500, max_samples=1 << 24):
        self.model = model
        self.decoder = decoder
        self.scaling = scaling
        self.batch_chunks = batch_chunks
        self.chunk_len = chunk_len
        self.overlap = overlap
        self.max_samples = max_samples
        self.stitcher = Stitcher(overlap, model.stride)
        self.q_in: queue.Queue = queue.Queue(maxsize=8)
        self.q_out: queue.Queue = queue.Queue(maxsize=8)
        self._stop = threading.Event()

    def _reader(self, reader) -> None:
        for chunks, meta in iter_chunks(reader.batches(self.max_samples), self.batch_chunks, self.chunk_len,
                                        self.overlap):
            self.q_in.put((chunks, meta))
        self.q_in.put(None)

    @torch.inference_mode()
    def _gpu_worker(self) -> None:
        while not self._stop.is_set():
            item = self.q_in.get()
            if item is None:
                self.q_out.put(None)
                return
            chunks, meta = item
            x = prepare_signal(chunks, self.scaling)
            scores, qual = self.model(x.cuda(non_blocking=True))
            scores = scores.float().contiguous()
            qual = qual.float().contiguous()
            B, T = scores.shape[0], scores.shape[1]
            res = self.decoder.decode_batch(scores.data_ptr(), qual.data_ptr(), B, T)
            self.q_out.put((res, meta))

    def _writer(self, sink) -> None:
        while True:
            item = self.q_out.get()
            if item is None:
                return
            for read in self.stitcher.stitch(*item):
                sink.write(read)

    def run(self, reader, sink) -> None:
        threads = [
            threading.Thread(target=self._reader, args=(reader,), name="reader", daemon=True),
            threading.Thread(target=self._gpu_worker, name="gpu", daemon=True),
            threading.Thread(target=self._writer, args=(sink,), name="writer", daemon=True),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
