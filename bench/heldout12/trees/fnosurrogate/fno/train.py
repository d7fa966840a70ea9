"""python -m fno.train --data darcy_r241.npy --steps 20000"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass, field
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import optax
from numba import cuda

from . import checkpoint, io
from .callbacks import CALLBACKS
from .data.loader import BatchLoader
from .data.normalizer import UnitGaussianNormalizer
from .model import FNO2d
from .offload import fetch_opt_state, offload_opt_state, stage_params_once

log = logging.getLogger("fno")


@dataclass
class TrainConfig:
    data: str
    out: str = "runs/fno"
    steps: int = 20_000
    batch_size: int = 20
    lr: float = 1e-3
    width: int = 32
    modes: int = 12
    save_every: int = 1000
    callbacks: list[str] = field(default_factory=lambda: ["loss", "spectrum"])


def rel_l2(pred, target):
    diff = jnp.linalg.norm((pred - target).reshape(pred.shape[0], -1), axis=1)
    return jnp.mean(diff / jnp.linalg.norm(target.reshape(target.shape[0], -1), axis=1))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--out", default="runs/fno")
    a = ap.parse_args(argv)
    cfg = TrainConfig(data=a.data, steps=a.steps, out=a.out)
    logging.basicConfig(level=logging.INFO)
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)

    data = io.open_dataset(cfg.data)
    norm = UnitGaussianNormalizer(data[:, 0])
    model = FNO2d(width=cfg.width, modes=cfg.modes)
    params = model.init(jax.random.PRNGKey(0), jnp.zeros((1,) + data.shape[2:]))
    restart = stage_params_once(params)
    opt = optax.adam(cfg.lr)
    opt_state = offload_opt_state(opt.init(params))
    callbacks = [CALLBACKS[name] for name in cfg.callbacks]
    losses = cuda.pinned_array(cfg.steps, dtype=np.float32)

    @jax.jit
    def train_step(params, opt_state, a, u):
        def loss_fn(p):
            pred = model.apply(p, a)
            return rel_l2(pred, u), pred

        (loss, pred), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        updates, opt_state = opt.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss, pred

    loader = BatchLoader(data, cfg.batch_size)
    for step, batch in enumerate(loader.batches(cfg.steps)):
        a = jnp.asarray(norm.encode(batch[0]))
        u = jnp.asarray(batch[1])
        opt_state = fetch_opt_state(opt_state)
        params, opt_state, loss, pred = train_step(params, opt_state, a, u)
        opt_state = offload_opt_state(opt_state)
        losses[step] = float(loss)
        if not np.isfinite(losses[step]):
            log.warning("step %d diverged; restarting from the initial parameters", step)
            params = jax.device_put(restart, jax.devices()[0])
            opt_state = offload_opt_state(opt.init(params))
            continue
        metrics = {"loss": losses[step]}
        for cb in callbacks:
            cb(step, pred, u, metrics)
        if (step + 1) % cfg.save_every == 0:
            checkpoint.save(out, params, opt_state, step + 1)
    np.save(out / "losses.npy", losses)
    io.close_dataset(data)


if __name__ == "__main__":
    main()
