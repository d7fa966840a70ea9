from __future__ import annotations

import flax.linen as nn
import jax.numpy as jnp


class SpectralConv2d(nn.Module):
    out_ch: int
    modes: int

    @nn.compact
    def __call__(self, x):
        b, h, w, c = x.shape
        scale = 1.0 / (c * self.out_ch)
        w1 = self.param("w1", lambda k, s: scale * (nn.initializers.normal()(k, s) + 0j), (c, self.out_ch, self.modes, self.modes))
        w2 = self.param("w2", lambda k, s: scale * (nn.initializers.normal()(k, s) + 0j), (c, self.out_ch, self.modes, self.modes))
        xf = jnp.fft.rfft2(x, axes=(1, 2))
        out = jnp.zeros((b, h, w // 2 + 1, self.out_ch), dtype=xf.dtype)
        m = self.modes
        out = out.at[:, :m, :m].set(jnp.einsum("bxyi,ioxy->bxyo", xf[:, :m, :m], w1))
        out = out.at[:, -m:, :m].set(jnp.einsum("bxyi,ioxy->bxyo", xf[:, -m:, :m], w2))
        return jnp.fft.irfft2(out, s=(h, w), axes=(1, 2))


class FNO2d(nn.Module):
    width: int = 32
    modes: int = 12
    depth: int = 4

    @nn.compact
    def __call__(self, a):
        x = nn.Dense(self.width)(a[..., None])
        for _ in range(self.depth):
            x = nn.gelu(SpectralConv2d(self.width, self.modes)(x) + nn.Dense(self.width)(x))
        return nn.Dense(1)(nn.gelu(nn.Dense(128)(x)))[..., 0]
