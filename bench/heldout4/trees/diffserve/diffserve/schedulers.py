import numpy as np
import torch


class Scheduler:
    def __init__(self, num_train_timesteps=1000, beta_start=0.00085, beta_end=0.012):
        self.num_train_timesteps = num_train_timesteps
        betas = torch.linspace(beta_start ** 0.5, beta_end ** 0.5, num_train_timesteps) ** 2
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.timesteps = None

    @property
    def init_noise_sigma(self):
        return 1.0

    def scale_model_input(self, x, i):
        return x

    def set_timesteps(self, n):
        raise NotImplementedError

    def step(self, eps, i, x):
        raise NotImplementedError


class EulerScheduler(Scheduler):
    def set_timesteps(self, n):
        ts = np.linspace(0, self.num_train_timesteps - 1, n)[::-1].copy()
        sigmas = (((1 - self.alphas_cumprod) / self.alphas_cumprod) ** 0.5).numpy()
        sig = np.interp(ts, np.arange(len(sigmas)), sigmas)
        self.sigmas = torch.tensor(np.append(sig, 0.0), dtype=torch.float32, pin_memory=True)
        self.timesteps = torch.from_numpy(ts).float()

    @property
    def init_noise_sigma(self):
        return float((self.sigmas.max() ** 2 + 1) ** 0.5)

    def scale_model_input(self, x, i):
        return x / ((self.sigmas[i] ** 2 + 1) ** 0.5)

    def step(self, eps, i, x):
        return x + eps * (self.sigmas[i + 1] - self.sigmas[i])


class DDIMScheduler(Scheduler):
    def __init__(self, **kw):
        super().__init__(**kw)
        self._ts_cache = {}

    def set_timesteps(self, n):
        if n not in self._ts_cache:
            step = self.num_train_timesteps // n
            self._ts_cache[n] = torch.arange(0, n * step, step).flip(0).pin_memory()
        self.timesteps = self._ts_cache[n]

    def step(self, eps, i, x):
        t = int(self.timesteps[i])
        prev = int(self.timesteps[i + 1]) if i + 1 < len(self.timesteps) else -1
        a_t = self.alphas_cumprod[t]
        a_p = self.alphas_cumprod[prev] if prev >= 0 else torch.tensor(1.0)
        x0 = (x - (1 - a_t).sqrt() * eps) / a_t.sqrt()
        return a_p.sqrt() * x0 + (1 - a_p).sqrt() * eps


def make_scheduler(name):
    return {"euler": EulerScheduler, "ddim": DDIMScheduler}[name]()
