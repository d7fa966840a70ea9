import cupyx
import numpy as np

from crisproff.rank import Ranker


def test_rank_lengths():
    feats = cupyx.empty_pinned((5, 3), dtype=np.float32)
    feats[:] = 0.5
    assert len(Ranker().rank([tuple(r) for r in feats])) == 5
