"""Streaming near-duplicate filter: documents arrive on Kafka, survivors are re-published."""
from __future__ import annotations

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda
from kafka import KafkaConsumer, KafkaProducer
from pycuda.compiler import SourceModule

_mod = SourceModule(
    r"""
__global__ void fold_case(unsigned char* s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && s[i] >= 'A' && s[i] <= 'Z') s[i] += 32;
}
"""
)
_fold_case = _mod.get_function("fold_case")


def consume(topic: str, out_topic: str, brokers: str, hasher, index, threshold: int = 1) -> None:
    consumer = KafkaConsumer(topic, bootstrap_servers=brokers, group_id="dedup", enable_auto_commit=False)
    producer = KafkaProducer(bootstrap_servers=brokers)
    next_id = 0
    for msg in consumer:
        doc = msg.value
        staging = cuda.pagelocked_empty(len(doc), dtype=np.uint8)
        staging[:] = np.frombuffer(doc, dtype=np.uint8)
        d_doc = cuda.mem_alloc(staging.nbytes)
        cuda.memcpy_htod(d_doc, staging)
        _fold_case(d_doc, np.int32(staging.size), block=(256, 1, 1), grid=((staging.size + 255) // 256, 1))
        cuda.memcpy_dtoh(staging, d_doc)
        d_doc.free()
        sig = hasher.signatures([staging.tobytes()])
        if index.count_matches(sig) < threshold:
            producer.send(out_topic, doc)
        index.insert(sig, np.array([next_id]))
        next_id += 1
        consumer.commit()
