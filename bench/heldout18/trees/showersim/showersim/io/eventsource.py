"""Event source reading waveform batches from a zstd simtel dump."""
import numpy as np
from numba import cuda

from .decode import decode_block, open_stream


class EventSource:
    """Iterates over batches of events; each item is a pinned waveform block."""

    def __init__(self, cfg):
        self.cfg = cfg
        self._stream = open_stream(cfg.input_path)
        self._event_id = 0

    def __iter__(self):
        return self

    def __next__(self):
        raw = self._stream.read(self.cfg.batch_events)
        if raw is None:
            raise StopIteration
        shape = (len(raw), self.cfg.n_pixels, self.cfg.n_samples)
        block = cuda.pinned_array(shape, dtype=np.float32)
        decode_block(raw, out=block)
        ids = np.arange(self._event_id, self._event_id + len(raw))
        self._event_id += len(raw)
        return ids, block
