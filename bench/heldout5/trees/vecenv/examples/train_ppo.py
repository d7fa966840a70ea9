import argparse
import time

import numpy as np
import torch

from vecenv import make
from vecenv.agents.ppo import PPOAgent
from vecenv.agents.rollout import collect, compute_returns
from vecenv.buffers import RolloutStorage
from vecenv.wrappers import FrameStack, ObsNormalize


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--env", default="GridWorld")
    p.add_argument("--num-envs", type=int, default=256)
    p.add_argument("--steps", type=int, default=128)
    p.add_argument("--iters", type=int, default=1000)
    p.add_argument("--frame-stack", type=int, default=0)
    a = p.parse_args()
    env = ObsNormalize(make(a.env, a.num_envs))
    if a.frame_stack:
        env = FrameStack(env, a.frame_stack)
    agent = PPOAgent(env.obs_dim, env.act_dim)
    storage = RolloutStorage(a.steps, a.num_envs, env.obs_dim)
    obs = env.reset()
    storage.obs[0].copy_(torch.as_tensor(obs))
    t0 = time.time()
    for it in range(a.iters):
        if it == 0:
            ret_hist = torch.zeros(a.iters, pin_memory=True)
        obs = collect(env, agent, storage, obs)
        with torch.no_grad():
            _, last_v = agent.net(torch.as_tensor(obs, device=agent.device))
        adv, ret = compute_returns(storage, last_v.cpu())
        agent.update(storage, adv, ret)
        storage.after_update()
        ret_hist[it] = float(np.mean(env.completed[-100:])) if env.completed else 0.0
        if it % 10 == 0:
            print(f"it {it} ret {ret_hist[it]:.3f} sps {(it + 1) * a.steps * a.num_envs / (time.time() - t0):.0f}")


if __name__ == "__main__":
    main()
