import torch

from .lora import AdapterCache


class DiffusionPipeline:
    def __init__(self, unet, text_encoder, scheduler, cfg, device="cuda"):
        self.unet = unet
        self.text_encoder = text_encoder
        self.scheduler = scheduler
        self.cfg = cfg
        self.device = torch.device(device)
        self.copy_stream = torch.cuda.Stream()
        self.adapters = AdapterCache(cfg.lora_dir)

    @torch.inference_mode()
    def __call__(self, prompt, noise, steps, lora=None, preview_cb=None):
        cond, uncond = self.text_encoder(prompt), self.text_encoder("")
        if lora:
            self.adapters.apply(self.unet, lora)
        self.scheduler.set_timesteps(steps)
        latents = noise.to(self.device, non_blocking=True) * self.scheduler.init_noise_sigma
        for i, t in enumerate(self.scheduler.timesteps):
            x = self.scheduler.scale_model_input(torch.cat([latents, latents]), i)
            eps_c, eps_u = self.unet(x, t, torch.cat([cond, uncond])).chunk(2)
            eps = eps_u + self.cfg.guidance * (eps_c - eps_u)
            latents = self.scheduler.step(eps, i, latents)
            if preview_cb is not None and i % 5 == 0:
                with torch.cuda.stream(self.copy_stream):
                    preview = torch.empty(latents.shape, dtype=latents.dtype, pin_memory=True)
                    preview.copy_(latents, non_blocking=True)
                self.copy_stream.synchronize()
                preview_cb(i, preview)
        if lora:
            self.adapters.remove(self.unet, lora)
        return latents
