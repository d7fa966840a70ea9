import cupy as cp
import cupyx
import numpy as np

from ..core import VecEnv
from .registry import register

_MOVES = cp.asarray([[0, 1], [1, 0], [0, -1], [-1, 0]], dtype=cp.int32)


@register("GridWorld")
class GridWorldVec(VecEnv):
    def __init__(self, num_envs, size=16, view=5, **kw):
        super().__init__(num_envs, view * view, 4, **kw)
        self.size = size
        self.view = view
        self.walls = cp.asarray(np.random.default_rng(0).random((size, size)) < 0.15)
        self.goal = cp.asarray([size - 2, size - 2], dtype=cp.int32)
        self.pos = cp.zeros((num_envs, 2), dtype=cp.int32)

    def _observe(self):
        r = self.view // 2
        pad = cp.pad(self.walls, r, constant_values=True)
        ys = self.pos[:, 0:1, None] + cp.arange(self.view)[None, :, None]
        xs = self.pos[:, 1:2, None] + cp.arange(self.view)[None, None, :]
        return pad[ys, xs].reshape(self.num_envs, -1).astype(cp.float32)

    def _reset_impl(self, mask):
        idx = cp.asarray(np.nonzero(mask)[0])
        self.pos[idx] = 1
        return cp.asnumpy(self._observe())

    def _step_impl(self, actions):
        a = cp.asarray(actions, dtype=cp.int32)
        nxt = cp.clip(self.pos + _MOVES[a], 0, self.size - 1)
        blocked = self.walls[nxt[:, 0], nxt[:, 1]]
        self.pos = cp.where(blocked[:, None], self.pos, nxt)
        at_goal = cp.all(self.pos == self.goal, axis=1)
        obs = cupyx.empty_pinned((self.num_envs, self.obs_dim), dtype=np.float32)
        self._observe().get(out=obs)
        rew = cp.where(at_goal, 1.0, -0.01).astype(cp.float32).get()
        return obs, rew, at_goal.get()
