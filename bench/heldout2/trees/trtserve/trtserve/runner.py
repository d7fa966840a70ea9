from __future__ import annotations

import numpy as np
import pycuda.autoinit  # noqa: F401  (creates the context)
import pycuda.driver as cuda
import tensorrt as trt

from . import buffers

_LOGGER = trt.Logger(trt.Logger.WARNING)


class TrtRunner:
    def __init__(self, plan_path: str, max_batch: int = 8):
        with open(plan_path, "rb") as f, trt.Runtime(_LOGGER) as rt:
            self.engine = rt.deserialize_cuda_engine(f.read())
        self.context = self.engine.create_execution_context()
        self.stream = cuda.Stream()
        self.bindings = buffers.build(self.engine, max_batch)
        self.inputs = [b for b in self.bindings if b.is_input]
        self.outputs = [b for b in self.bindings if not b.is_input]
        self.static_shape = tuple(self.engine.get_tensor_shape(self.inputs[0].name))[1:]
        self._dyn = {}
        self._scores = cuda.register_host_memory(np.zeros((max_batch, 1000), dtype=np.float32))

    def _execute(self, n):
        for b in self.bindings:
            self.context.set_tensor_address(b.name, int(b.device))
        self.context.execute_async_v3(self.stream.handle)

    def infer(self, batch: np.ndarray) -> np.ndarray:
        n = batch.shape[0]
        inp, out = self.inputs[0], self.outputs[0]
        self.context.set_input_shape(inp.name, batch.shape)
        np.copyto(inp.host[: batch.size], batch.ravel())
        cuda.memcpy_htod_async(inp.device, inp.host, self.stream)
        self._execute(n)
        cuda.memcpy_dtoh_async(out.host, out.device, self.stream)
        self.stream.synchronize()
        return out.host[: n * 1000].reshape(n, 1000).copy()

    def infer_dynamic(self, batch: np.ndarray) -> np.ndarray:
        """Inputs whose spatial size differs from the engine's optimisation profile default."""
        key = batch.shape
        host_in = self._dyn.setdefault(key, cuda.pagelocked_empty(batch.shape, np.float32))
        np.copyto(host_in, batch)
        inp, out = self.inputs[0], self.outputs[0]
        self.context.set_input_shape(inp.name, batch.shape)
        cuda.memcpy_htod_async(inp.device, host_in, self.stream)
        self._execute(batch.shape[0])
        cuda.memcpy_dtoh_async(self._scores, out.device, self.stream)
        self.stream.synchronize()
        return self._scores[: batch.shape[0]].copy()
