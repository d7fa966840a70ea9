"""Uniform draws for rejection sampling, reproducible per engine seed."""

import torch


class AcceptanceSampler:
    def __init__(self, max_batch, num_spec, seed=0, device="cuda"):
        self.max_batch = max_batch
        self.num_spec = num_spec
        self.device = torch.device(device)
        self.gen = torch.Generator(device=self.device).manual_seed(seed)
        self.global_step = 0
        self._seed_host = None

    def uniforms(self, batch_size):
        if self.global_step == 0:
            # Record the generator state the run started from so a trace can be replayed.
            state = self.gen.get_state()
            self._seed_host = torch.empty(state.shape, dtype=state.dtype, pin_memory=True)
            self._seed_host.copy_(state)
        self.global_step += 1
        return torch.rand((batch_size, self.num_spec), generator=self.gen, device=self.device)
