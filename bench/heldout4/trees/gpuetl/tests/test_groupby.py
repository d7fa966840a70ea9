import cupy as cp
import cupyx
import numpy as np

from gpuetl.column import Column
from gpuetl.frame import DataFrame
from gpuetl.groupby import GroupBy
from gpuetl.memory import PinnedStaging


def test_sum_by_key():
    keys = cupyx.empty_pinned((6,), dtype=np.int64)
    keys[:] = [1, 2, 1, 3, 2, 1]
    df = DataFrame([Column("k", cp.asarray(keys)), Column("amount", cp.arange(6, dtype=cp.float64))])
    out = GroupBy(df, ["k"], staging=PinnedStaging()).agg({"amount": "sum"})
    assert out["amount_sum"].data.get().tolist() == [7.0, 5.0, 3.0]


def test_staging_grows_only():
    s = PinnedStaging()
    a = s.get(1024)
    b = s.get(512)
    assert a.ctypes.data == b.ctypes.data
