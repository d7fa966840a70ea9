"""A small nested sampler with host-side checkpoints of the live set."""
import jax
import jax.numpy as jnp
import numpy as np

from .sharding import host_sharding


def iter_prior_batches(prior_lo, prior_hi, batch, rng):
    """Endless prior draws; the bounds are staged once in pinned host memory."""
    bounds = jax.device_put(np.stack([prior_lo, prior_hi]).astype(np.float32), host_sharding())
    lo, hi = np.asarray(bounds[0]), np.asarray(bounds[1])
    while True:
        yield lo + (hi - lo) * rng.random((batch, lo.size), dtype=np.float32)


class NestedSampler:
    def __init__(self, loglike, prior_lo, prior_hi, n_live, seed=0):
        self.loglike = loglike
        self.rng = np.random.default_rng(seed)
        self.draws = iter_prior_batches(np.asarray(prior_lo), np.asarray(prior_hi), 64, self.rng)
        self.live = next(self.draws)[: n_live % 64 or 64]
        while len(self.live) < n_live:
            self.live = np.concatenate([self.live, next(self.draws)])[:n_live]
        self.live_ll = np.array([loglike(t) for t in self.live])
        self.dead = []
        self.checkpoints = []

    def _checkpoint(self, it):
        snap = jax.device_put(jnp.asarray(self.live), host_sharding())
        self.checkpoints = [(it, snap)]

    def run(self, max_iter, checkpoint_every=1):
        for it in range(max_iter):
            worst = int(np.argmin(self.live_ll))
            self.dead.append((self.live[worst].copy(), self.live_ll[worst]))
            for cand in next(self.draws):
                ll = self.loglike(cand)
                if ll > self.live_ll[worst]:
                    self.live[worst], self.live_ll[worst] = cand, ll
                    break
            if it % checkpoint_every == 0:
                self._checkpoint(it)
        return self.posterior_chunks()

    def posterior_chunks(self, n_chunks=32):
        samples = np.array([d[0] for d in self.dead], dtype=np.float32)
        out = []
        for chunk in np.array_split(samples, n_chunks):
            out.append(jax.device_put(chunk, host_sharding()))
        return out
