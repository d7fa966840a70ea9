from __future__ import annotations

import flax.linen as nn
import jax
import jax.numpy as jnp


class Block(nn.Module):
    ch: int

    @nn.compact
    def __call__(self, x):
        h = nn.Conv(self.ch, (3, 3))(x)
        h = nn.gelu(nn.GroupNorm(num_groups=8)(h))
        h = nn.Conv(self.ch, (3, 3))(h)
        return nn.gelu(nn.GroupNorm(num_groups=8)(h)) + nn.Conv(self.ch, (1, 1))(x)


class DownscaleUNet(nn.Module):
    out_ch: int
    factor: int = 4
    widths: tuple[int, ...] = (64, 128, 256)

    @nn.compact
    def __call__(self, coarse, static, noise):
        b, c, h, w = coarse.shape
        up = jax.image.resize(coarse, (b, c, h * self.factor, w * self.factor), "bilinear")
        x = jnp.concatenate([up, jnp.broadcast_to(static, (b, *static.shape)), noise], axis=1)
        x = jnp.transpose(x, (0, 2, 3, 1))
        skips = []
        for ch in self.widths:
            x = Block(ch)(x)
            skips.append(x)
            x = nn.avg_pool(x, (2, 2), (2, 2))
        x = Block(self.widths[-1] * 2)(x)
        for ch, s in zip(reversed(self.widths), reversed(skips)):
            x = jax.image.resize(x, (x.shape[0], s.shape[1], s.shape[2], x.shape[3]), "nearest")
            x = Block(ch)(jnp.concatenate([x, s], axis=-1))
        x = nn.Conv(self.out_ch, (1, 1))(x)
        return jnp.transpose(x, (0, 3, 1, 2)) + up
