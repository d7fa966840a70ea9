"""PPO / SAC training entry point."""

import argparse
import time

import numpy as np
import torch

from .buffer import RolloutBuffer
from .collector import Collector
from .evaluate import evaluate
from .policy import ActorCritic, SacAgent
from .replay import ReplayBuffer
from .utils import seed_everything
from .vec_env import PinnedVecEnv


def train_ppo(args):
    envs = PinnedVecEnv(args.env, args.num_envs, seed=args.seed)
    eval_env = PinnedVecEnv(args.env, 1, seed=args.seed + 1000)
    obs_shape = envs.single_observation_space.shape
    act_dim = envs.single_action_space.shape[0]
    policy = ActorCritic(obs_shape, act_dim).cuda()
    buffer = RolloutBuffer(args.horizon, args.num_envs, obs_shape, act_dim)
    collector = Collector(envs, policy, buffer)
    if args.backend == "jax":
        from .learner_jax import JaxPPOLearner
        learner = JaxPPOLearner(policy.to_jax_params(), policy.jax_apply, lr=args.lr)
    else:
        learner = None
        opt = torch.optim.Adam(policy.parameters(), lr=args.lr, eps=1e-5)

    for it in range(args.iterations):
        t0 = time.time()
        collector.collect()
        for _ in range(args.epochs):
            for mb in buffer.get_minibatches(args.minibatches):
                if learner is not None:
                    learner.update({k: v.cpu() for k, v in mb.items()})
                    continue
                loss = policy.ppo_loss(mb)
                opt.zero_grad(set_to_none=True)
                loss.backward()
                torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
                opt.step()
        fps = args.horizon * args.num_envs / (time.time() - t0)
        if it % args.eval_every == 0:
            mean_ret, std_ret, _ = evaluate(policy, eval_env, episodes=5, record=args.record)
            print(f"it {it} fps {fps:.0f} eval {mean_ret:.1f} +- {std_ret:.1f}")
    envs.close()
    eval_env.close()


def train_sac(args):
    envs = PinnedVecEnv(args.env, args.num_envs, seed=args.seed)
    obs_shape = envs.single_observation_space.shape
    act_dim = envs.single_action_space.shape[0]
    agent = SacAgent(obs_shape, act_dim, recurrent=args.recurrent).cuda()
    replay = ReplayBuffer(args.replay_size, obs_shape, act_dim)
    obs = envs.reset().numpy().astype(np.float32)
    for step in range(args.total_steps):
        with torch.no_grad():
            action = agent.explore(torch.from_numpy(obs).cuda()).cpu().numpy()
        nxt, rew, done, _ = envs.step(action)
        nxt = nxt.numpy().astype(np.float32)
        replay.add(obs, nxt, action, rew, done.astype(np.float32))
        obs = nxt
        if replay.size < args.learning_starts:
            continue
        if args.recurrent:
            batch = replay.sample_sequences(args.batch_size, args.seq_len)
        else:
            batch = replay.sample(args.batch_size)
        agent.update(batch)
    envs.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--algo", choices=["ppo", "sac"], default="ppo")
    ap.add_argument("--backend", choices=["torch", "jax"], default="torch")
    ap.add_argument("--env", default="CarRacing-v2")
    ap.add_argument("--num-envs", type=int, default=16)
    ap.add_argument("--horizon", type=int, default=256)
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatches", type=int, default=8)
    ap.add_argument("--lr", type=float, default=2.5e-4)
    ap.add_argument("--eval-every", type=int, default=25)
    ap.add_argument("--record", action="store_true")
    ap.add_argument("--recurrent", action="store_true")
    ap.add_argument("--seq-len", type=int, default=16)
    ap.add_argument("--batch-size", type=int, default=256)
    ap.add_argument("--replay-size", type=int, default=1_000_000)
    ap.add_argument("--learning-starts", type=int, default=10_000)
    ap.add_argument("--total-steps", type=int, default=3_000_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    seed_everything(args.seed)
    (train_ppo if args.algo == "ppo" else train_sac)(args)


if __name__ == "__main__":
    main()
