import math

import cupy as cp
import cupyx
import numpy as np

from ..core import VecEnv
from .registry import register

_STEP = cp.ElementwiseKernel(
    "float32 x, float32 xd, float32 th, float32 thd, int32 a",
    "float32 nx, float32 nxd, float32 nth, float32 nthd",
    """
    const float g = 9.8f, mc = 1.0f, mp = 0.1f, l = 0.5f, dt = 0.02f, fmag = 10.0f;
    float f = a ? fmag : -fmag;
    float c = cosf(th), s = sinf(th);
    float tmp = (f + mp * l * thd * thd * s) / (mc + mp);
    float tha = (g * s - c * tmp) / (l * (4.0f / 3.0f - mp * c * c / (mc + mp)));
    float xa = tmp - mp * l * tha * c / (mc + mp);
    nx = x + dt * xd; nxd = xd + dt * xa; nth = th + dt * thd; nthd = thd + dt * tha;
    """,
    "cartpole_step",
)


@register("CartPole")
class CartPoleVec(VecEnv):
    def __init__(self, num_envs, **kw):
        super().__init__(num_envs, 4, 2, **kw)
        self.state = cp.zeros((4, num_envs), dtype=cp.float32)
        self.obs_host = cupyx.empty_pinned((num_envs, 4), dtype=np.float32)

    def _reset_impl(self, mask):
        idx = cp.asarray(np.nonzero(mask)[0])
        self.state[:, idx] = cp.random.uniform(-0.05, 0.05, (4, idx.size), dtype=cp.float32)
        self.state[:, :].T.get(out=self.obs_host)
        return self.obs_host

    def _step_impl(self, actions):
        a = cp.asarray(actions, dtype=cp.int32)
        x, xd, th, thd = self.state
        self.state = cp.stack(_STEP(x, xd, th, thd, a))
        self.state.T.get(out=self.obs_host)
        done = (np.abs(self.obs_host[:, 0]) > 2.4) | (np.abs(self.obs_host[:, 2]) > 12 * math.pi / 180)
        return self.obs_host, np.ones(self.num_envs, dtype=np.float32), done
