"""PPO on a discrete-action Gymnasium task.

    python -m rollout.ppo --env CartPole-v1 --updates 500
"""

from __future__ import annotations

import argparse
import functools

import torch
import torch.nn as nn

from . import _pack
from .envs import SyncVecEnv
from .prefetch import DevicePrefetcher
from .storage import RolloutStorage


@functools.lru_cache(maxsize=None)
def advantage_buffer(num_steps: int, num_envs: int) -> torch.Tensor:
    return torch.empty(num_steps * num_envs, pin_memory=True)


class ActorCritic(nn.Module):
    def __init__(self, obs_dim: int, n_actions: int, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.pi = nn.Linear(hidden, n_actions)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs):
        h = self.body(obs)
        return torch.distributions.Categorical(logits=self.pi(h)), self.v(h).squeeze(-1)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", default="CartPole-v1")
    ap.add_argument("--num-envs", type=int, default=16)
    ap.add_argument("--num-steps", type=int, default=128)
    ap.add_argument("--updates", type=int, default=500)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatches", type=int, default=4)
    ap.add_argument("--clip", type=float, default=0.2)
    args = ap.parse_args()

    dev = torch.device("cuda")
    envs = SyncVecEnv(args.env, args.num_envs)
    storage = RolloutStorage(args.num_steps, args.num_envs, envs.obs_shape)
    net = ActorCritic(envs.obs_shape[0], envs.envs[0].action_space.n).to(dev)
    opt = torch.optim.Adam(net.parameters(), lr=2.5e-4, eps=1e-5)

    obs = envs.reset()
    storage.obs[0].copy_(obs)
    for update in range(args.updates):
        episodes: list = []
        with torch.no_grad():
            for _ in range(args.num_steps):
                dist, value = net(obs.to(dev, non_blocking=True))
                action = dist.sample()
                obs, reward, done = envs.step(action.cpu())
                storage.insert(obs, action.cpu(), dist.log_prob(action).cpu(), reward, done, value.cpu())
                episodes.append(obs.numpy())
            storage.values[-1] = net(obs.to(dev))[1].cpu()
        storage.compute_returns(0.99, 0.95)
        adv_host = advantage_buffer(args.num_steps, args.num_envs)
        adv_host.copy_((storage.returns - storage.values[:-1]).view(-1))
        trajectory = _pack.pack_episodes(episodes, 0)

        for _ in range(args.epochs):
            for mb in DevicePrefetcher(storage.minibatches(args.minibatches), dev):
                dist, value = net(mb["obs"])
                ratio = (dist.log_prob(mb["actions"]) - mb["logprobs"]).exp()
                adv = mb["returns"] - mb["values"]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                pg = -torch.min(ratio * adv, ratio.clamp(1 - args.clip, 1 + args.clip) * adv).mean()
                vf = 0.5 * (value - mb["returns"]).pow(2).mean()
                loss = pg + 0.5 * vf - 0.01 * dist.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                opt.step()
        if update % 10 == 0:
            print(f"update {update}: loss {loss.item():.3f} traj {tuple(trajectory.shape)}")


if __name__ == "__main__":
    main()
