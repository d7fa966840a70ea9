import zstandard
import numpy as np


class _Stream:
    def __init__(self, fh):
        self._reader = zstandard.ZstdDecompressor().stream_reader(fh)

    def read(self, n):
        chunks = []
        for _ in range(n):
            head = self._reader.read(8)
            if len(head) < 8:
                break
            size = int.from_bytes(head[4:], "little")
            chunks.append(self._reader.read(size))
        return chunks or None


def open_stream(path):
    return _Stream(open(path, "rb"))


def decode_block(raw, out):
    for i, payload in enumerate(raw):
        wf = np.frombuffer(payload, dtype=np.uint16)
        out[i].reshape(-1)[: wf.size] = wf
