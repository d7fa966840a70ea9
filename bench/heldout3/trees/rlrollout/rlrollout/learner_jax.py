"""PPO update in JAX with a KL penalty against a frozen reference policy kept in host memory."""

import jax
import jax.numpy as jnp
import numpy as np
import optax


def ppo_loss(params, ref_params, apply_fn, batch, clip=0.2, vf_coef=0.5, ent_coef=0.01, kl_coef=0.02):
    logp, value, entropy = apply_fn(params, batch["obs"], batch["actions"])
    ref_logp, _, _ = apply_fn(ref_params, batch["obs"], batch["actions"])
    ratio = jnp.exp(logp - batch["logp"])
    adv = (batch["advantages"] - batch["advantages"].mean()) / (batch["advantages"].std() + 1e-8)
    pg = -jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - clip, 1 + clip) * adv).mean()
    vf = ((value - batch["returns"]) ** 2).mean()
    kl = (logp - jax.lax.stop_gradient(ref_logp)).mean()
    return pg + vf_coef * vf - ent_coef * entropy.mean() + kl_coef * kl


class JaxPPOLearner:
    def __init__(self, params, apply_fn, lr=3e-4):
        dev = jax.devices()[0]
        self.dev_sharding = jax.sharding.SingleDeviceSharding(dev)
        host_sharding = jax.sharding.SingleDeviceSharding(dev, memory_kind="pinned_host")
        self.apply_fn = apply_fn
        self.opt = optax.chain(optax.clip_by_global_norm(0.5), optax.adam(lr))
        self.params = params
        self.opt_state = self.opt.init(params)
        # The reference policy is only read in the loss; keep it off the GPU between updates.
        self.ref_params = jax.device_put(params, host_sharding)
        self._grad = jax.jit(jax.value_and_grad(ppo_loss), static_argnums=(2,))

    def update(self, batch):
        batch_np = {k: np.asarray(v) for k, v in batch.items()}
        staged = jax.device_put(batch_np, self.dev_sharding.with_memory_kind("pinned_host"))
        batch_dev = jax.device_put(staged, self.dev_sharding)
        ref = jax.device_put(self.ref_params, self.dev_sharding)
        loss, grads = self._grad(self.params, ref, self.apply_fn, batch_dev)
        updates, self.opt_state = self.opt.update(grads, self.opt_state, self.params)
        self.params = optax.apply_updates(self.params, updates)
        return float(loss)
