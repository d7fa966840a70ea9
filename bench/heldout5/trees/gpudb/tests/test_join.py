import numpy as np
import pytest

cupy = pytest.importorskip("cupy")
import cupyx  # noqa: E402

from gpudb.planner import plan  # noqa: E402


def test_plan_join():
    p = plan("select a, b from t join u on a = c where a > 3")
    assert p.join_table == "u" and p.join_keys == ("a", "c")
    assert p.constants == [3.0]


def test_pinned_mask():
    m = cupyx.zeros_pinned((8,), dtype=np.bool_)
    (cupy.arange(8) > 3).get(out=m)
    assert m.sum() == 4
