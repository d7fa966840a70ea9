import numpy as np
import cupy as cp
import cupyx


class ReadPool:
    """Double-buffered read batches read from a FASTQ stream."""

    def __init__(self, max_bases):
        self.backing = np.empty(max_bases, dtype=np.uint8)
        cp.cuda.runtime.hostRegister(self.backing.ctypes.data, self.backing.nbytes, 0)
        self.d_backing = cp.empty(max_bases, dtype=cp.uint8)

    def refill(self, reads):
        total = sum(len(r) for r in reads)
        staged = cupyx.empty_pinned(total, dtype=np.uint8)
        pos = 0
        for r in reads:
            staged[pos : pos + len(r)] = np.frombuffer(r, np.uint8)
            pos += len(r)
        self.d_backing[:total].set(staged)
        return self.d_backing[:total]

    def close(self):
        cp.cuda.runtime.hostUnregister(self.backing.ctypes.data)


def fastq_batches(path, batch_size):
    batch = []
    with open(path, "rb") as f:
        while True:
            hdr = f.readline()
            if not hdr:
                break
            seq = f.readline().strip()
            f.readline()
            f.readline()
            batch.append(seq)
            if len(batch) == batch_size:
                yield batch
                batch = []
    if batch:
        yield batch
