import io

import numpy as np
import torch
from PIL import Image


class ImageEncoder:
    def __init__(self, vae):
        self.vae = vae
        self.stream = torch.cuda.Stream()
        self._out = {}

    def _host_buffer(self, shape):
        buf = self._out.get(shape)
        if buf is None:
            buf = torch.empty(shape, dtype=torch.uint8, pin_memory=True)
            self._out[shape] = buf
        return buf

    @torch.inference_mode()
    def decode_to_png(self, latents):
        img = self.vae.decode(latents / 0.13025)
        img = ((img.clamp(-1, 1) + 1) * 127.5).to(torch.uint8).permute(0, 2, 3, 1).contiguous()
        host = self._host_buffer(tuple(img.shape))
        with torch.cuda.stream(self.stream):
            host.copy_(img, non_blocking=True)
        self.stream.synchronize()
        pixels = host[0].numpy()
        out = io.BytesIO()
        Image.fromarray(pixels).save(out, format="PNG")
        return out.getvalue(), pixels

    @torch.inference_mode()
    def decode_tiled(self, latents, tile=128, overlap=16):
        """VAE decode in latent tiles for resolutions that do not fit in one pass."""
        _, _, h, w = latents.shape
        canvas = np.zeros((h * 8, w * 8, 3), dtype=np.uint8)
        step = tile - overlap
        for y in range(0, h, step):
            for x in range(0, w, step):
                part = self.vae.decode(latents[:, :, y: y + tile, x: x + tile] / 0.13025)
                part = ((part.clamp(-1, 1) + 1) * 127.5).to(torch.uint8)[0].permute(1, 2, 0).contiguous()
                host = torch.empty(part.shape, dtype=torch.uint8, pin_memory=True)
                host.copy_(part, non_blocking=True)
                torch.cuda.current_stream().synchronize()
                canvas[y * 8: y * 8 + host.shape[0], x * 8: x * 8 + host.shape[1]] = host.numpy()
        out = io.BytesIO()
        Image.fromarray(canvas).save(out, format="PNG")
        return out.getvalue(), canvas

    def blank_png(self, shape):
        out = io.BytesIO()
        Image.fromarray(np.zeros(shape, dtype=np.uint8)).save(out, format="PNG")
        return out.getvalue()
