import numpy as np
import pytest

cupy = pytest.importorskip("cupy")
import cupyx  # noqa: E402

from vecenv import make  # noqa: E402


def test_cartpole_shapes():
    env = make("CartPole", 8)
    obs = env.reset()
    assert obs.shape == (8, 4)
    obs, rew, done, _ = env.step(np.zeros(8, dtype=np.int32))
    assert rew.shape == (8,)


def test_pinned_obs_roundtrip():
    ref = cupyx.zeros_pinned((4, 4), dtype=np.float32)
    d = cupy.asarray(ref) + 1
    d.get(out=ref)
    assert ref.sum() == 16
