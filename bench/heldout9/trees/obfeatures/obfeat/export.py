"""Exports end-of-day feature tables, one per symbol, to parquet."""
import cupy as cp
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq


def export_tables(d_tables, symbols, out_dir):
    for sym in symbols:
        d = d_tables[sym]
        mem = cp.cuda.alloc_pinned_memory(d.nbytes)
        host = np.frombuffer(mem, d.dtype, d.size).reshape(d.shape)
        d.get(out=host)
        pq.write_table(pa.table({f"f{i}": host[:, i] for i in range(host.shape[1])}), f"{out_dir}/{sym}.parquet")
