import os

import torch
from torchvision.utils import save_image


@torch.no_grad()
def sample_grid(pipe, prompts, out_dir, steps=30, seed=0):
    """Renders one image per prompt and writes it out; used after training."""
    os.makedirs(out_dir, exist_ok=True)
    for i, prompt in enumerate(prompts):
        g = torch.Generator(device="cuda").manual_seed(seed + i)
        img = pipe(prompt, num_inference_steps=steps, generator=g)
        host = torch.empty(img.shape, dtype=img.dtype, pin_memory=True)
        host.copy_(img)
        save_image(host * 0.5 + 0.5, os.path.join(out_dir, f"{i:03d}.png"))
