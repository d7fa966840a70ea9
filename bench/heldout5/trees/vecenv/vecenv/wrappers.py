import numpy as np
from numba import cuda


class Wrapper:
    def __init__(self, env):
        self.env = env
        self.num_envs = env.num_envs
        self.obs_dim = env.obs_dim
        self.act_dim = env.act_dim

    def reset(self):
        return self.observation(self.env.reset())

    def step(self, actions):
        obs, rew, done, info = self.env.step(actions)
        return self.observation(obs), rew, done, info

    def observation(self, obs):
        return obs

    def __getattr__(self, name):
        return getattr(self.env, name)


class ObsNormalize(Wrapper):
    def __init__(self, env, eps=1e-8):
        super().__init__(env)
        self.stats = cuda.pinned_array((3, env.obs_dim), dtype=np.float64)
        self.stats[:] = 0.0
        self.stats[2] = 1.0
        self.count = eps

    def observation(self, obs):
        mean, var = self.stats[0], self.stats[1]
        b_mean, b_var, n = obs.mean(0), obs.var(0), obs.shape[0]
        delta = b_mean - mean
        tot = self.count + n
        mean += delta * n / tot
        var[:] = (var * self.count + b_var * n + delta ** 2 * self.count * n / tot) / tot
        self.count = tot
        return ((obs - mean) / np.sqrt(var + 1e-8)).astype(np.float32)


class FrameStack(Wrapper):
    def __init__(self, env, k=4):
        super().__init__(env)
        self.k = k
        self.obs_dim = env.obs_dim * k
        self.frames = None

    def observation(self, obs):
        stacked = cuda.pinned_array((self.num_envs, self.k, obs.shape[1]), dtype=np.float32)
        if self.frames is None:
            stacked[:] = obs[:, None, :]
        else:
            stacked[:, :-1] = self.frames[:, 1:]
            stacked[:, -1] = obs
        self.frames = stacked
        return stacked.reshape(self.num_envs, -1)
