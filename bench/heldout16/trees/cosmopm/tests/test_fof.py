import numpy as np
import pytest

numba_cuda = pytest.importorskip("numba.cuda")
pytestmark = pytest.mark.skipif(not numba_cuda.is_available(), reason="needs a GPU")


def test_two_clumps_are_two_groups():
    from cosmopm.fof import fof_groups

    rng = np.random.default_rng(3)
    pos = numba_cuda.pinned_array((200, 3), dtype=np.float32)
    pos[:100] = 10.0 + rng.normal(0, 0.05, (100, 3))
    pos[100:] = 60.0 + rng.normal(0, 0.05, (100, 3))
    sizes = fof_groups(np.array(pos), box=100.0, b=0.2, min_members=20)
    assert sorted(sizes.tolist()) == [100, 100]
