"""Fixed-horizon rollout storage for PPO (num_steps x num_envs)."""

from __future__ import annotations

from typing import Iterator

import torch


class RolloutStorage:
    def __init__(self, num_steps: int, num_envs: int, obs_shape: tuple[int, ...]) -> None:
        self.num_steps = num_steps
        self.num_envs = num_envs
        self.obs_shape = obs_shape
        self.obs = torch.zeros(num_steps + 1, num_envs, *obs_shape)
        self.actions = torch.zeros(num_steps, num_envs, dtype=torch.int64)
        self.logprobs = torch.zeros(num_steps, num_envs)
        self.rewards = torch.zeros(num_steps, num_envs)
        self.dones = torch.zeros(num_steps + 1, num_envs)
        self.values = torch.zeros(num_steps + 1, num_envs)
        self.returns = torch.zeros(num_steps, num_envs, pin_memory=True)
        self.step = 0

    def insert(self, obs, action, logprob, reward, done, value) -> None:
        self.obs[self.step + 1].copy_(obs)
        self.actions[self.step].copy_(action)
        self.logprobs[self.step].copy_(logprob)
        self.rewards[self.step].copy_(reward)
        self.dones[self.step + 1].copy_(done)
        self.values[self.step].copy_(value)
        self.step = (self.step + 1) % self.num_steps

    def compute_returns(self, gamma: float, lam: float) -> None:
        gae = torch.zeros(self.num_envs)
        for t in reversed(range(self.num_steps)):
            nonterminal = 1.0 - self.dones[t + 1]
            delta = self.rewards[t] + gamma * self.values[t + 1] * nonterminal - self.values[t]
            gae = delta + gamma * lam * nonterminal * gae
            self.returns[t] = gae + self.values[t]

    def init_minibatch_buffers(self, num_minibatches: int) -> list[torch.Tensor]:
        mb = self.num_steps * self.num_envs // num_minibatches
        return [torch.empty(mb, *self.obs_shape, pin_memory=True) for _ in range(num_minibatches)]

    def minibatches(self, num_minibatches: int) -> Iterator[dict[str, torch.Tensor]]:
        n = self.num_steps * self.num_envs
        perm = torch.randperm(n)
        obs = self.obs[:-1].reshape(n, *self.obs_shape)
        bufs = self.init_minibatch_buffers(num_minibatches)
        mb = n // num_minibatches
        for i, buf in enumerate(bufs):
            idx = perm[i * mb : (i + 1) * mb]
            torch.index_select(obs, 0, idx, out=buf)
            yield {
                "obs": buf,
                "actions": self.actions.view(-1)[idx],
                "logprobs": self.logprobs.view(-1)[idx],
                "returns": self.returns.view(-1)[idx],
                "values": self.values[:-1].reshape(-1)[idx],
            }
