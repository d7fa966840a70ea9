import abc

import numpy as np


class VecEnv(abc.ABC):
    """Batch of N environments stepped together on the GPU."""

    def __init__(self, num_envs, obs_dim, act_dim, max_steps=500, seed=0):
        self.num_envs = num_envs
        self.obs_dim = obs_dim
        self.act_dim = act_dim
        self.max_steps = max_steps
        self.rng = np.random.default_rng(seed)
        self.t = np.zeros(num_envs, dtype=np.int32)
        self.episode_returns = np.zeros(num_envs, dtype=np.float32)
        self.completed = []

    @abc.abstractmethod
    def _reset_impl(self, mask):
        ...

    @abc.abstractmethod
    def _step_impl(self, actions):
        ...

    def reset(self):
        return self._reset_impl(np.ones(self.num_envs, dtype=bool))

    def step(self, actions):
        obs, rew, done = self._step_impl(actions)
        self.t += 1
        self.episode_returns += rew
        done = np.logical_or(done, self.t >= self.max_steps)
        if done.any():
            self.completed.extend(self.episode_returns[done].tolist())
            self.episode_returns[done] = 0
            self.t[done] = 0
            obs = self._reset_impl(done)
        return obs, rew, done, {}

    def close(self):
        pass
