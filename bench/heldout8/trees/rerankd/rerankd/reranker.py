import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding

from .kvcache import DocCache, PrefixCache
from .sparse import sparse_attention

_DEV = jax.devices()[0]
PINNED = SingleDeviceSharding(_DEV, memory_kind="pinned_host")
DEVICE = SingleDeviceSharding(_DEV, memory_kind="device")


class Reranker:
    def __init__(self, weights: dict):
        self.host_params = {k: jax.device_put(np.asarray(v), PINNED) for k, v in weights.items()}
        self.prefixes = PrefixCache()
        self.docs = DocCache()

    def _params(self):
        return jax.device_put(self.host_params, DEVICE)

    def score(self, request_id, system_id, query_ids, doc_ids):
        p = self._params()
        prefix = self.prefixes.get(system_id, query_ids)
        kv = jnp.asarray(query_ids)[None, :] @ p["w_q"][: len(query_ids)]
        kv_host = jax.device_put(kv, PINNED)
        scores = []
        for j, d in enumerate(doc_ids):
            t = self.docs.put(request_id, j, d)
            att = sparse_attention(np.asarray(kv_host), np.asarray(t, np.float32))
            scores.append(float(att.sum()) + float(prefix.sum()))
        return scores
