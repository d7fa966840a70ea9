"""Host/device binding buffers for a TensorRT engine (pycuda)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pycuda.driver as cuda
import tensorrt as trt


@dataclass
class Binding:
    name: str
    host: np.ndarray
    device: cuda.DeviceAllocation
    is_input: bool


def build(engine: trt.ICudaEngine, max_batch: int = 1):
    bindings = []
    for i in range(engine.num_io_tensors):
        name = engine.get_tensor_name(i)
        shape = list(engine.get_tensor_shape(name))
        if shape[0] == -1:
            shape[0] = max_batch
        dtype = trt.nptype(engine.get_tensor_dtype(name))
        host = cuda.pagelocked_empty(trt.volume(shape), dtype)
        device = cuda.mem_alloc(host.nbytes)
        is_input = engine.get_tensor_mode(name) == trt.TensorIOMode.INPUT
        bindings.append(Binding(name, host, device, is_input))
    return bindings
