"""Small CNN actor-critic (PPO) and a SAC agent; no host-memory handling in here."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal


class Encoder(nn.Module):
    def __init__(self, obs_shape):
        super().__init__()
        c = obs_shape[-1]
        self.net = nn.Sequential(
            nn.Conv2d(c, 32, 8, 4), nn.ReLU(), nn.Conv2d(32, 64, 4, 2), nn.ReLU(),
            nn.Conv2d(64, 64, 3, 1), nn.ReLU(), nn.Flatten(), nn.LazyLinear(512), nn.ReLU())

    def forward(self, obs):
        x = obs.permute(0, 3, 1, 2).float() / 255.0
        return self.net(x)


class ActorCritic(nn.Module):
    def __init__(self, obs_shape, act_dim):
        super().__init__()
        self.enc = Encoder(obs_shape)
        self.mu = nn.Linear(512, act_dim)
        self.log_std = nn.Parameter(torch.zeros(act_dim))
        self.v = nn.Linear(512, 1)

    def dist(self, obs):
        h = self.enc(obs)
        return Normal(self.mu(h), self.log_std.exp()), self.v(h).squeeze(-1)

    def act(self, obs):
        d, v = self.dist(obs)
        a = d.sample()
        return a, d.log_prob(a).sum(-1), v

    def act_deterministic(self, obs):
        return self.mu(self.enc(obs))

    def value(self, obs):
        return self.v(self.enc(obs)).squeeze(-1)

    def ppo_loss(self, mb, clip=0.2, vf_coef=0.5, ent_coef=0.01):
        d, v = self.dist(mb["obs"])
        logp = d.log_prob(mb["actions"]).sum(-1)
        ratio = (logp - mb["logp"]).exp()
        adv = (mb["advantages"] - mb["advantages"].mean()) / (mb["advantages"].std() + 1e-8)
        pg = -torch.min(ratio * adv, ratio.clamp(1 - clip, 1 + clip) * adv).mean()
        return pg + vf_coef * F.mse_loss(v, mb["returns"]) - ent_coef * d.entropy().sum(-1).mean()

    def to_jax_params(self):
        return {k: v.detach().cpu().numpy() for k, v in self.state_dict().items()}

    @staticmethod
    def jax_apply(params, obs, actions):
        raise NotImplementedError("JAX forward lives in the flax port")


class SacAgent(nn.Module):
    def __init__(self, obs_shape, act_dim, recurrent=False, hidden=256):
        super().__init__()
        d = obs_shape[0]
        self.recurrent = recurrent
        self.actor = nn.Sequential(nn.Linear(d, hidden), nn.ReLU(), nn.Linear(hidden, 2 * act_dim))
        self.critic = (nn.GRU(d + act_dim, hidden, batch_first=True) if recurrent
                       else nn.Sequential(nn.Linear(d + act_dim, hidden), nn.ReLU(), nn.Linear(hidden, 1)))
        self.opt = torch.optim.Adam(self.parameters(), lr=3e-4)

    def explore(self, obs):
        mu, log_std = self.actor(obs).chunk(2, -1)
        return torch.tanh(mu + log_std.clamp(-5, 2).exp() * torch.randn_like(mu))

    def update(self, batch):
        x = torch.cat([batch["obs"], batch["actions"]], -1)
        q = self.critic(x)[0].mean(-1) if self.recurrent else self.critic(x).squeeze(-1)
        loss = F.mse_loss(q, batch["rewards"])
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self.opt.step()
        return loss.item()
