import cupyx
import numpy as np


class Stage:
    """One node of the augmentation graph. Subclasses implement `process`."""

    name = "stage"

    def __init__(self):
        self._scratch = None
        self.calls = 0

    def _ensure_scratch(self, nbytes):
        if self._scratch is None or self._scratch.size < nbytes:
            self._scratch = cupyx.empty_pinned((nbytes,), dtype=np.uint8)
        return self._scratch[:nbytes]

    def __call__(self, batch):
        self.calls += 1
        return self.process(batch)

    def process(self, batch):
        raise NotImplementedError

    def reset(self):
        """Drop per-batch state; the default keeps everything."""
