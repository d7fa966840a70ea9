"""Fixed-horizon rollout storage for PPO, kept in pinned memory for fast minibatch upload."""

import torch

from .utils import make_pinned


class RolloutBuffer:
    def __init__(self, horizon, num_envs, obs_shape, action_dim, device="cuda"):
        self.T, self.N = horizon, num_envs
        self.device = torch.device(device)
        spec = {
            "obs": (tuple(obs_shape), torch.uint8),
            "actions": ((action_dim,), torch.float32),
            "logp": ((), torch.float32),
            "values": ((), torch.float32),
            "rewards": ((), torch.float32),
            "dones": ((), torch.bool),
        }
        self.storage = {k: make_pinned((horizon, num_envs) + shape, dtype) for k, (shape, dtype) in spec.items()}
        self.advantages = torch.zeros(horizon, num_envs)
        self.returns = torch.zeros(horizon, num_envs)
        self.ptr = 0

    def add(self, obs, actions, logp, values, rewards, dones):
        t = self.ptr
        self.storage["obs"][t].copy_(obs, non_blocking=True)
        self.storage["actions"][t].copy_(actions, non_blocking=True)
        self.storage["logp"][t].copy_(logp, non_blocking=True)
        self.storage["values"][t].copy_(values, non_blocking=True)
        self.storage["rewards"][t].copy_(torch.as_tensor(rewards))
        self.storage["dones"][t].copy_(torch.as_tensor(dones))
        self.ptr += 1

    def full(self):
        return self.ptr == self.T

    def compute_gae(self, last_values, gamma=0.99, lam=0.95):
        torch.cuda.current_stream().synchronize()
        values, rewards = self.storage["values"], self.storage["rewards"]
        notdone = 1.0 - self.storage["dones"].float()
        last_values = last_values.cpu()
        gae = torch.zeros(self.N)
        for t in reversed(range(self.T)):
            nxt = last_values if t == self.T - 1 else values[t + 1]
            delta = rewards[t] + gamma * nxt * notdone[t] - values[t]
            gae = delta + gamma * lam * notdone[t] * gae
            self.advantages[t] = gae
        self.returns.copy_(self.advantages + values)

    def get_minibatches(self, num_minibatches):
        n = self.T * self.N
        flat = {k: v.flatten(0, 1) for k, v in self.storage.items()}
        flat["advantages"] = self.advantages.flatten()
        flat["returns"] = self.returns.flatten()
        perm = torch.randperm(n)
        size = n // num_minibatches
        for start in range(0, n, size):
            idx = perm[start:start + size]
            mb = {k: v[idx].pin_memory() for k, v in flat.items()}
            yield {k: v.to(self.device, non_blocking=True) for k, v in mb.items()}
        self.ptr = 0
