import numpy as np
import pytest
import torch

from nanocall.chunker import iter_chunks


class FakeBatch:
    def __init__(self, signal, read_ids, offsets):
        self.signal = signal
        self.read_ids = read_ids
        self.offsets = np.asarray(offsets)

    def spans(self):
        return list(zip(self.offsets[:-1].tolist(), self.offsets[1:].tolist()))

    def close(self):
        pass


@pytest.mark.skipif(not torch.cuda.is_available(), reason="pinned memory needs CUDA")
def test_chunks_cover_every_read():
    sig = torch.arange(2500, dtype=torch.int16).pin_memory()
    batch = FakeBatch(sig.numpy(), ["a", "b"], [0, 1200, 2500])
    out = list(iter_chunks([batch], batch_chunks=4, chunk_len=1000, overlap=100))
    rows = [r for _, meta in out for r in meta.rows]
    assert {r[0] for r in rows} == {"a", "b"}
