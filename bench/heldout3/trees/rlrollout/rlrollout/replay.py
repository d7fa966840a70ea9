"""Uniform replay for SAC, numpy storage with a pinned batch staging area."""

import numpy as np
import torch


class ReplayBuffer:
    def __init__(self, capacity, obs_shape, action_dim, device="cuda"):
        self.capacity = capacity
        self.device = torch.device(device)
        self._arrays = {
            "obs": np.zeros((capacity,) + tuple(obs_shape), np.float32),
            "next_obs": np.zeros((capacity,) + tuple(obs_shape), np.float32),
            "actions": np.zeros((capacity, action_dim), np.float32),
            "rewards": np.zeros((capacity,), np.float32),
            "dones": np.zeros((capacity,), np.float32),
        }
        self.size = 0
        self.pos = 0
        self._batch_host = None
        self._batch_cap = 0

    def add(self, obs, next_obs, actions, rewards, dones):
        n = len(rewards)
        idx = (self.pos + np.arange(n)) % self.capacity
        for k, v in (("obs", obs), ("next_obs", next_obs), ("actions", actions), ("rewards", rewards), ("dones", dones)):
            self._arrays[k][idx] = v
        self.pos = (self.pos + n) % self.capacity
        self.size = min(self.size + n, self.capacity)

    def _ensure(self, batch_size):
        if batch_size <= self._batch_cap:
            return
        self._batch_host = {
            k: torch.empty((batch_size,) + a.shape[1:], dtype=torch.float32, pin_memory=True)
            for k, a in self._arrays.items()
        }
        self._batch_cap = batch_size

    def sample(self, batch_size):
        self._ensure(batch_size)
        idx = np.random.randint(0, self.size, size=batch_size)
        out = {}
        for k, arr in self._arrays.items():
            host = self._batch_host[k][:batch_size]
            host.copy_(torch.from_numpy(arr[idx]))
            out[k] = host.to(self.device, non_blocking=True)
        return out

    def sample_sequences(self, batch_size, seq_len):
        """Contiguous windows for the recurrent critic, packed so they go up in one copy."""
        starts = np.random.randint(0, max(1, self.size - seq_len), size=batch_size)
        rows = starts[:, None] + np.arange(seq_len)
        keys = list(self._arrays)
        parts = [self._arrays[k][rows].reshape(batch_size, seq_len, -1) for k in keys]
        widths = [p.shape[-1] for p in parts]
        packed = torch.from_numpy(np.concatenate(parts, axis=-1)).pin_memory()
        packed = packed.to(self.device, non_blocking=True)
        return {k: t.squeeze(-1) if w == 1 else t for k, w, t in zip(keys, widths, packed.split(widths, dim=-1))}
