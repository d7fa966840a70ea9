import numpy as np
import pycuda.driver as cuda


class DepolarizingChannel:
    def __init__(self, p):
        self.p = p
        k0 = np.sqrt(1 - 3 * p / 4) * np.eye(2)
        k = [np.sqrt(p / 4) * m for m in (np.array([[0, 1], [1, 0]]), np.array([[0, -1j], [1j, 0]]),
                                          np.array([[1, 0], [0, -1]]))]
        self._kraus_np = np.ascontiguousarray(np.stack([k0] + k).astype(np.complex64))
        self.kraus = cuda.register_host_memory(self._kraus_np)
        self.kraus_dev = cuda.to_device(self.kraus)

    def apply(self, backend, qubit, rng):
        i = rng.choice(4, p=[1 - 3 * self.p / 4] + [self.p / 4] * 3)
        if i:
            backend.apply_gate(self._kraus_np[i] / np.sqrt(self.p / 4), (qubit,))

    def close(self):
        self.kraus.base.unregister()
