from __future__ import annotations

from dedupipe.minhash import MinHasher
from dedupipe.native_hash import NativeHasher

HASHERS = {
    "cupy": MinHasher,
    "native": NativeHasher,
}


def make_hasher(name: str, **kwargs):
    return HASHERS[name](**kwargs)
