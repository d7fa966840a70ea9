import torch


class RolloutStorage:
    def __init__(self, num_steps, num_envs, obs_dim, device="cuda"):
        self.num_steps = num_steps
        self.num_envs = num_envs
        self.device = device
        self.obs = torch.zeros((num_steps + 1, num_envs, obs_dim), pin_memory=True)
        self.rewards = torch.zeros((num_steps, num_envs), pin_memory=True)
        self.actions = torch.zeros((num_steps, num_envs), dtype=torch.long)
        self.logp = torch.zeros((num_steps, num_envs))
        self.values = torch.zeros((num_steps + 1, num_envs))
        self.dones = torch.zeros((num_steps, num_envs))
        self.step = 0

    def insert(self, obs, act, logp, value, rew, done):
        self.obs[self.step + 1].copy_(torch.as_tensor(obs))
        self.actions[self.step].copy_(act)
        self.logp[self.step].copy_(logp)
        self.values[self.step].copy_(value)
        self.rewards[self.step].copy_(torch.as_tensor(rew))
        self.dones[self.step].copy_(torch.as_tensor(done, dtype=torch.float32))
        self.step = (self.step + 1) % self.num_steps

    def after_update(self):
        self.obs[0].copy_(self.obs[-1])

    def to_device(self):
        return {k: getattr(self, k).to(self.device, non_blocking=True)
                for k in ("obs", "rewards", "actions", "logp", "values", "dones")}
