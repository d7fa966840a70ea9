import cupy as cp
import numpy as np

from . import _native
from .groupby import GroupBy
from .io_csv import read_csv_chunks, read_csv_small_files
from .join import HashJoin


class StreamingJob:
    """Enrich a fact stream with a dimension table, aggregate, and write partitions."""

    def __init__(self, fact_path, dim_paths, key, schema, out_dir, spill_dir="/tmp"):
        self.fact_path = fact_path
        self.schema = schema
        self.key = key
        self.out_dir = out_dir
        self.spill_dir = spill_dir
        self.dim = read_csv_small_files(dim_paths, schema)
        self.native_dim = _native.NativeTable(self.dim[key].data.get())
        self.join = HashJoin(key)
        self.seen_digests = set()

    def _memory_pressure(self):
        free, total = cp.cuda.runtime.memGetInfo()
        return free < 0.1 * total

    def _checksum_and_write(self, packed: np.ndarray, path):
        """Checksum on the device straight from the packed host rows, then write them."""
        ptr = packed.ctypes.data
        cp.cuda.runtime.hostRegister(ptr, packed.nbytes, 0)
        dev = cp.empty(packed.nbytes, dtype=cp.uint8)
        dev.set(packed.view(np.uint8))
        digest = int(cp.bitwise_xor.reduce(dev.view(cp.uint64) if dev.size % 8 == 0 else dev))
        if digest in self.seen_digests:
            return None
        self.seen_digests.add(digest)
        packed.tofile(path)
        cp.cuda.runtime.hostUnregister(ptr)
        return digest

    def run(self, sink=None):
        for step, batch in enumerate(read_csv_chunks(self.fact_path, self.schema)):
            recent = self.dim.take(cp.arange(max(0, len(self.dim) - 4096), len(self.dim)))
            self.join.build(recent)
            joined = self.join.probe(batch)
            agg = GroupBy(joined, [self.key]).agg({"amount": "sum", "amount_": "count"})
            packed = _native.pack_rows(agg)
            self._checksum_and_write(packed, f"{self.out_dir}/part-{step:06d}.bin")
            summary = agg.to_pandas()
            if sink is not None:
                sink(summary)
            if self._memory_pressure():
                _native.spill(joined[self.key].data, f"{self.spill_dir}/spill-{step:06d}.bin")
        self.native_dim.close()
