"""MLP classifier with host-offloaded Adam moments."""
from __future__ import annotations

import argparse
import itertools

import jax
import jax.numpy as jnp
import optax
from jax.sharding import SingleDeviceSharding

from .data import synthetic_batches
from .offload import offload_tree, reload_tree


def init_params(key, dim, hidden, classes):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (dim, hidden)) * dim**-0.5,
        "b1": jnp.zeros(hidden),
        "w2": jax.random.normal(k2, (hidden, classes)) * hidden**-0.5,
        "b2": jnp.zeros(classes),
    }


def loss_fn(params, x, y):
    h = jax.nn.gelu(x @ params["w1"] + params["b1"])
    logits = h @ params["w2"] + params["b2"]
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def init_state(rng, batch, device):
    rng, sub = jax.random.split(rng)
    labels = jax.device_put(batch["labels"], SingleDeviceSharding(device, memory_kind="pinned_host"))
    return {"rng": rng, "dropout_key": sub, "labels": labels}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--batch", type=int, default=256)
    args = ap.parse_args()

    dev = jax.devices()[0]
    params = init_params(jax.random.PRNGKey(0), 512, 2048, 10)
    tx = optax.adam(1e-3)
    opt_host = offload_tree(tx.init(params), dev)
    grad_fn = jax.jit(jax.value_and_grad(loss_fn))
    rng = jax.random.PRNGKey(1)
    first_params_host = None

    for step, batch in enumerate(itertools.islice(synthetic_batches(args.batch, 512, 10), args.steps)):
        state = init_state(rng, batch, dev)
        rng = state["rng"]
        loss, grads = grad_fn(params, batch["x"], state["labels"])
        opt_state = reload_tree(opt_host, dev)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        opt_host = offload_tree(opt_state, dev)
        if step == 0:
            first_params_host = jax.device_put(params, SingleDeviceSharding(dev, memory_kind="pinned_host"))
        if step % 100 == 0:
            print(f"step {step:5d} loss {float(loss):.4f}")

    drift = sum(float(jnp.abs(a - b).sum()) for a, b in zip(jax.tree_util.tree_leaves(params),
                                                          jax.tree_util.tree_leaves(first_params_host)))
    print(f"total drift since step 0: {drift:.3f}")


if __name__ == "__main__":
    main()
