"""Thin vectorised-env wrapper that hands observations over in a pinned staging tensor."""

import gymnasium as gym
import numpy as np
import torch


class PinnedVecEnv:
    def __init__(self, env_id, num_envs, seed=0):
        self.envs = gym.vector.AsyncVectorEnv([lambda: gym.make(env_id) for _ in range(num_envs)])
        self.num_envs = num_envs
        self.seed = seed
        self.single_observation_space = self.envs.single_observation_space
        self.single_action_space = self.envs.single_action_space
        self._obs_host = None

    def _stage(self, obs):
        self._obs_host.copy_(torch.from_numpy(np.asarray(obs)))
        return self._obs_host

    def reset(self):
        obs, _ = self.envs.reset(seed=self.seed)
        if self._obs_host is None:
            self._obs_host = torch.empty(obs.shape, dtype=torch.uint8, pin_memory=True)
        return self._stage(obs)

    def step(self, actions):
        obs, rew, term, trunc, infos = self.envs.step(actions)
        return self._stage(obs), rew, np.logical_or(term, trunc), infos

    def render_first(self):
        return self.envs.call("render")[0]

    def close(self):
        self.envs.close()
