import cupyx
import numpy as np

from dedupipe.minhash import MinHasher


def test_identical_docs_have_identical_signatures():
    h = MinHasher(num_perm=64)
    sigs = h.signatures([b"the quick brown fox jumps", b"the quick brown fox jumps", b"lorem ipsum dolor sit"])
    host = cupyx.empty_pinned(sigs.shape, dtype=np.uint32)
    sigs.get(out=host)
    assert (host[0] == host[1]).all()
    assert (host[0] != host[2]).mean() > 0.5
