import torch


def compute_returns(storage, last_value, gamma=0.99, lam=0.95):
    T, N = storage.rewards.shape
    adv = torch.zeros((T, N), dtype=torch.float32, pin_memory=True)
    storage.values[-1].copy_(last_value)
    gae = torch.zeros(N)
    for t in reversed(range(T)):
        nonterm = 1.0 - storage.dones[t]
        delta = storage.rewards[t] + gamma * storage.values[t + 1] * nonterm - storage.values[t]
        gae = delta + gamma * lam * nonterm * gae
        adv[t] = gae
    return adv, adv + storage.values[:-1]


def collect(env, agent, storage, obs):
    for _ in range(storage.num_steps):
        act, logp, value = agent.act(obs)
        obs, rew, done, _ = env.step(act.numpy())
        storage.insert(obs, act, logp, value, rew, done)
    return obs
