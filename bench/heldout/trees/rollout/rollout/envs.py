"""A minimal synchronous vector environment over Gymnasium envs."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import torch


class SyncVecEnv:
    def __init__(self, env_id: str, num_envs: int, seed: int = 0) -> None:
        self.envs = [gym.make(env_id) for _ in range(num_envs)]
        self.num_envs = num_envs
        self.obs_shape = self.envs[0].observation_space.shape
        self._actions_host = torch.empty(num_envs, dtype=torch.int64, pin_memory=True)
        self._seed = seed

    def reset(self) -> torch.Tensor:
        obs = [env.reset(seed=self._seed + i)[0] for i, env in enumerate(self.envs)]
        return torch.from_numpy(np.stack(obs).astype(np.float32))

    def step(self, actions: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        self._actions_host.copy_(actions)
        obs_list, rewards, dones = [], [], []
        for env, a in zip(self.envs, self._actions_host.tolist()):
            obs, r, term, trunc, _ = env.step(a)
            if term or trunc:
                obs, _ = env.reset()
            obs_list.append(obs)
            rewards.append(r)
            dones.append(float(term or trunc))
        obs = torch.from_numpy(np.stack(obs_list).astype(np.float32)).pin_memory()
        return obs, torch.tensor(rewards, dtype=torch.float32), torch.tensor(dones)
