import numpy as np
import torch


class PrefixCache:
    """KV prefix per system prompt; a deployment has a handful of system prompts."""

    def __init__(self):
        self._kv = {}

    def get(self, system_id, query_ids):
        if system_id not in self._kv:
            self._kv[system_id] = torch.zeros((64, 768), dtype=torch.float16, pin_memory=True)
        return self._kv[system_id]


class DocCache:
    def __init__(self, capacity=4096):
        self._docs = {}
        self.capacity = capacity

    def put(self, request_id, j, doc_ids):
        if len(self._docs) >= self.capacity:
            self._docs.clear()
        key = (request_id, j)
        self._docs[key] = torch.tensor(doc_ids, dtype=torch.int32).pin_memory()
        return self._docs[key]
