"""A toy surrogate for the regional forecast model (advection + damping)."""
import jax
import jax.numpy as jnp


@jax.jit
def step_fn(x):
    x = jax.device_put(x, jax.devices()[0])
    adv = jnp.roll(x, 1, axis=-1) - x
    return x + 0.1 * adv - 0.01 * x
