"""Steps the vectorised envs with the current policy and fills a RolloutBuffer."""

import numpy as np
import torch

from .utils import make_pinned


class Collector:
    def __init__(self, envs, policy, buffer, device="cuda"):
        self.envs = envs
        self.policy = policy
        self.buffer = buffer
        self.device = torch.device(device)
        self._env_staging = []
        self.episode_returns = []
        self._running_return = np.zeros(envs.num_envs)
        self.process(envs)
        self.obs = envs.reset()

    def process(self, envs):
        """Per-env staging for (return, length) of the episode in flight."""
        for _ in range(envs.num_envs):
            self._env_staging.append(make_pinned((2,), torch.float64))

    @torch.no_grad()
    def collect(self):
        for t in range(self.buffer.T):
            obs_gpu = self.obs.to(self.device, non_blocking=True)
            action, logp, value = self.policy.act(obs_gpu)
            actions_host = torch.empty(action.shape, dtype=action.dtype, pin_memory=True)
            actions_host.copy_(action, non_blocking=True)
            torch.cuda.current_stream().synchronize()
            next_obs, rew, done, infos = self.envs.step(actions_host.numpy())
            self.buffer.add(self.obs, actions_host, logp, value, rew, done)
            self._running_return += rew
            self._stage_infos(done)
            self.obs = next_obs
        last_value = self.policy.value(self.obs.to(self.device, non_blocking=True))
        self.buffer.compute_gae(last_value)
        return self.buffer

    def _stage_infos(self, done):
        done_idx = np.flatnonzero(done)
        if done_idx.size == 0:
            return
        finished = make_pinned((done_idx.size,), torch.float32)
        finished.copy_(torch.from_numpy(self._running_return[done_idx]).float())
        for i in done_idx:
            self._env_staging[i][0] = self._running_return[i]
            self._env_staging[i][1] += 1
        self._running_return[done_idx] = 0.0
        self.episode_returns.extend(finished.tolist())
