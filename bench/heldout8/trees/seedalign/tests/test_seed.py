import numpy as np

from seedalign.api import Index, seed_batch


def test_seed_batch_roundtrip(tmp_path):
    ref = tmp_path / "ref.idx"
    n = 64
    with open(ref, "wb") as f:
        f.write(np.uint64(n).tobytes())
        f.write(np.arange(n, dtype=np.uint32).tobytes())
        f.write(b"A" * n)
    with Index(str(ref)) as idx:
        hits = seed_batch(idx, [b"ACGTACGTACGTACGTACGTAC"] * 2, k=5, w=4)
    assert hits.shape == (8,)
