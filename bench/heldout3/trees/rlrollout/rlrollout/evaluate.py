"""Deterministic evaluation episodes, optionally recording the first one."""

import numpy as np
import torch


@torch.no_grad()
def evaluate(policy, env, episodes=10, record=False, device="cuda"):
    returns, frames = [], []
    for ep in range(episodes):
        obs = env.reset()
        done, ret = False, 0.0
        while not done:
            action = policy.act_deterministic(obs.to(device, non_blocking=True))
            obs, rew, dones, _ = env.step(action.cpu().numpy())
            ret += float(rew[0])
            done = bool(dones[0])
            if record and ep == 0:
                frames.append(torch.from_numpy(env.render_first()).pin_memory())
        returns.append(ret)
    video = torch.stack(frames).to(device, non_blocking=True) if frames else None
    return float(np.mean(returns)), float(np.std(returns)), video
