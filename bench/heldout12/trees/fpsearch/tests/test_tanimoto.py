import cupy
import cupyx
import numpy as np

from fpsearch.tanimoto import tanimoto_scores, topk_per_query


def test_identical_fingerprints_score_one():
    fps = cupyx.zeros_pinned((4, 32), dtype=np.uint64)
    fps[:] = np.arange(1, 5, dtype=np.uint64)[:, None]
    d = cupy.asarray(fps)
    s = tanimoto_scores(d, d)
    assert cupy.allclose(cupy.diag(s), 1.0)
    hits = topk_per_query(s, 1)
    assert [int(h[0][0]) for h in hits] == [0, 1, 2, 3]
