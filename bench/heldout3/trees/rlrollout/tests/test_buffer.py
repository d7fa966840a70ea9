import pytest
import torch

from rlrollout.buffer import RolloutBuffer
from rlrollout.replay import ReplayBuffer
from rlrollout.utils import make_pinned

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_make_pinned_is_pinned():
    t = make_pinned((4, 4))
    assert t.is_pinned()


def test_minibatches_cover_the_rollout():
    buf = RolloutBuffer(horizon=8, num_envs=2, obs_shape=(3,), action_dim=1)
    for _ in range(8):
        buf.add(torch.zeros(2, 3, dtype=torch.uint8), torch.zeros(2, 1), torch.zeros(2), torch.zeros(2),
                [1.0, 1.0], [False, False])
    buf.compute_gae(torch.zeros(2))
    seen = sum(mb["obs"].shape[0] for mb in buf.get_minibatches(4))
    assert seen == 16


def test_replay_staging_grows_once():
    rb = ReplayBuffer(100, (3,), 1)
    rb.add(torch.zeros(10, 3).numpy(), torch.zeros(10, 3).numpy(), torch.zeros(10, 1).numpy(),
           torch.zeros(10).numpy(), torch.zeros(10).numpy())
    rb.sample(4)
    first = rb._batch_host["obs"]
    rb.sample(4)
    assert rb._batch_host["obs"] is first
