"""Train the downscaling U-Net with a CRPS-style ensemble loss."""
from __future__ import annotations

import sys

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh

from downscale import config as config_lib
from downscale.data.era5 import batches
from downscale.model.unet import DownscaleUNet
from downscale.offload import OptStateOffloader
from downscale.sharding import host_sharding


class MetricWriter:
    def __init__(self, path: str) -> None:
        self.fh = open(path, "a")

    def write_scalars(self, step: int, scalars: dict[str, float]) -> None:
        self.fh.write(f"{step}\t" + "\t".join(f"{k}={v:.5f}" for k, v in scalars.items()) + "\n")


def crps_loss(params, apply_fn, batch, key):
    k1, k2 = jax.random.split(key)
    shape = (batch["y"].shape[0], 1, *batch["y"].shape[2:])
    a = apply_fn(params, batch["x"], batch["static"], jax.random.normal(k1, shape))
    b = apply_fn(params, batch["x"], batch["static"], jax.random.normal(k2, shape))
    skill = 0.5 * (jnp.abs(a - batch["y"]).mean() + jnp.abs(b - batch["y"]).mean())
    spread = 0.5 * jnp.abs(a - b).mean()
    return skill - 0.5 * spread, {"skill": skill, "spread": spread}


@jax.jit
def train_step(state, batch, key):
    (loss, aux), grads = jax.value_and_grad(crps_loss, has_aux=True)(state.params, state.apply_fn, batch, key)
    return state.apply_gradients(grads=grads), {"loss": loss, **aux}


def log_metrics(step: int, metrics, writer: MetricWriter) -> None:
    host = jax.device_put(metrics, host_sharding())
    writer.write_scalars(step, {k: float(np.asarray(v)) for k, v in host.items()})


def main(argv: list[str]) -> None:
    cfg = config_lib.load(argv)
    mesh = Mesh(np.array(jax.devices()[:1]), ("d",))
    model = DownscaleUNet(out_ch=len(cfg.data.variables))
    it = batches(cfg, cfg.data.train_years, cfg.seed)
    first = next(it)
    key = jax.random.PRNGKey(cfg.seed)
    noise = jnp.zeros((cfg.train.batch_size, 1, *first["y"].shape[2:]))
    params = model.init(key, jax.device_put(first["x"]), jax.device_put(first["static"]), noise)
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adamw(cfg.train.lr))
    offloader = OptStateOffloader(state.opt_state, mesh) if cfg.train.offload_opt_state else None
    writer = MetricWriter("metrics.tsv")
    for step in range(cfg.train.steps):
        batch = jax.device_put(next(it))
        if offloader is not None:
            state = state.replace(opt_state=offloader.fetch())
        key, sub = jax.random.split(key)
        state, metrics = train_step(state, batch, sub)
        if offloader is not None:
            offloader.store(state.opt_state)
        if step % cfg.train.log_every == 0:
            log_metrics(step, metrics, writer)


if __name__ == "__main__":
    main(sys.argv[1:])
