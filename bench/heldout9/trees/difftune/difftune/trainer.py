import contextlib

import torch
import torch.nn.functional as F

from .offload import offloaded


def make_noise_buffer(latents, generator=None):
    """Draws the step's noise on the host (reproducible across GPU types) and stages it."""
    noise = torch.randn(latents.shape, generator=generator, dtype=latents.dtype).pin_memory()
    return noise.to(latents.device, non_blocking=True)


class Trainer:
    def __init__(self, model, vae, text_encoder, scheduler, loader, cfg, callbacks=(), optim_offloader=None):
        self.model, self.vae, self.text_encoder = model, vae, text_encoder
        self.scheduler = scheduler
        self.loader = loader
        self.cfg = cfg
        self.callbacks = list(callbacks)
        self.opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=cfg.lr)
        self.offloader = optim_offloader(self.opt) if optim_offloader else None
        self.gen = torch.Generator().manual_seed(0)

    def training_step(self, images, captions):
        with torch.no_grad():
            latents = self.vae.encode(images.cuda(non_blocking=True)) * 0.18215
            cond = self.text_encoder(captions)
        noise = make_noise_buffer(latents, self.gen)
        t = torch.randint(0, self.scheduler.num_steps, (latents.shape[0],), device=latents.device)
        noisy = self.scheduler.add_noise(latents, noise, t)
        ctx = offloaded() if self.cfg.offload_activations else contextlib.nullcontext()
        with ctx:
            pred = self.model(noisy, t, cond)
        return F.mse_loss(pred.float(), noise.float())

    def fit(self):
        for cb in self.callbacks:
            cb.on_train_start(self)
        step = 0
        for epoch in range(self.cfg.epochs):
            for images, captions in self.loader:
                loss = self.training_step(images, captions)
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                if self.offloader:
                    self.offloader.reload()
                self.opt.step()
                if self.offloader:
                    self.offloader.offload()
                for cb in self.callbacks:
                    cb.on_step_end(self, step, loss)
                step += 1
            for cb in self.callbacks:
                cb.on_epoch_end(self, epoch)
