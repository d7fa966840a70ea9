import cupyx
import numpy as np

from lensfit.sampler import NestedSampler


def test_gaussian_evidence():
    ll = lambda t: -0.5 * float(np.sum(t**2))
    s = NestedSampler(ll, [-3, -3], [3, 3], n_live=64)
    chunks = s.run(200, checkpoint_every=1000)
    assert len(chunks) == 32


def test_pinned_scratch():
    buf = cupyx.empty_pinned(8, dtype=np.float32)
    assert buf.nbytes == 32
