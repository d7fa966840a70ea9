"""Matched-filter detection of known threat signatures with PyCUDA."""
from __future__ import annotations

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda import gpuarray


class TemplateBank:
    def __init__(self, templates: np.ndarray):
        self.host = drv.pagelocked_zeros(templates.shape, dtype=np.float32)
        self.host[...] = templates
        self.dev = gpuarray.to_gpu(self.host)

    def __len__(self):
        return self.host.shape[0]


def match_templates(block: np.ndarray, bank: TemplateBank, channel: int) -> np.ndarray:
    trace = gpuarray.to_gpu(np.ascontiguousarray(block[channel], dtype=np.float32))
    scores = np.zeros(len(bank), dtype=np.float32)
    for i in range(len(bank)):
        out = drv.pagelocked_empty(block.shape[1], dtype=np.float32)
        prod = trace * bank.dev[i]
        prod.get(ary=out)
        scores[i] = float(out.max())
    return scores
