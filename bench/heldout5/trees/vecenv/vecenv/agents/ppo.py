import numpy as np
import torch
import torch.nn as nn


class ActorCritic(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.pi = nn.Linear(hidden, act_dim)
        self.v = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.body(x)
        return self.pi(h), self.v(h).squeeze(-1)


class PPOAgent:
    def __init__(self, obs_dim, act_dim, device="cuda", lr=3e-4, clip=0.2, epochs=4, minibatches=4):
        self.net = ActorCritic(obs_dim, act_dim).to(device)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=lr, eps=1e-5)
        self.device = device
        self.clip = clip
        self.epochs = epochs
        self.minibatches = minibatches

    @torch.no_grad()
    def act(self, obs):
        staged = torch.as_tensor(np.asarray(obs), dtype=torch.float32).pin_memory()
        logits, value = self.net(staged.to(self.device, non_blocking=True))
        dist = torch.distributions.Categorical(logits=logits)
        a = dist.sample()
        return a.cpu(), dist.log_prob(a).cpu(), value.cpu()

    def update(self, storage, adv, ret):
        T, N = adv.shape
        flat = storage.to_device()
        obs = flat["obs"][:-1].reshape(T * N, -1)
        acts = flat["actions"].reshape(-1)
        old_logp = flat["logp"].reshape(-1)
        adv = adv.reshape(-1).to(self.device)
        ret = ret.reshape(-1).to(self.device)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        mb = T * N // self.minibatches
        for _ in range(self.epochs):
            perm = np.random.permutation(T * N)
            for start in range(0, T * N, mb):
                idx = torch.from_numpy(perm[start:start + mb]).pin_memory()
                idx = idx.to(self.device, non_blocking=True)
                logits, v = self.net(obs[idx])
                dist = torch.distributions.Categorical(logits=logits)
                ratio = (dist.log_prob(acts[idx]) - old_logp[idx]).exp()
                pg = -torch.min(ratio * adv[idx], ratio.clamp(1 - self.clip, 1 + self.clip) * adv[idx]).mean()
                loss = pg + 0.5 * (v - ret[idx]).pow(2).mean() - 0.01 * dist.entropy().mean()
                self.opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(self.net.parameters(), 0.5)
                self.opt.step()
