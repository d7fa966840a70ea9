import json
import os

import numpy as np
import torch
from safetensors.numpy import load_file as load_np
from safetensors.torch import load_file


def load_models(model_dir, device="cuda", dtype=torch.float16):
    """Load UNet, VAE decoder and text encoder as TorchScript modules plus the safety checker weights."""
    unet = torch.jit.load(os.path.join(model_dir, "unet.pt"), map_location=device).to(dtype)
    vae = torch.jit.load(os.path.join(model_dir, "vae_decoder.pt"), map_location=device).to(dtype)
    text_encoder = torch.jit.load(os.path.join(model_dir, "text_encoder.pt"), map_location=device)
    safety = load_np(os.path.join(model_dir, "safety.safetensors"))
    with open(os.path.join(model_dir, "concepts.json")) as f:
        concepts = np.asarray(json.load(f)["embeds"], dtype=np.float32)
    return unet.eval(), vae.eval(), text_encoder.eval(), {"proj": safety["proj"]}, concepts
