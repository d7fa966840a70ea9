import cupyx
import numpy as np


class RollingWindow:
    """Host window of recent feature rows; grows only when a wider row count is requested."""

    def __init__(self, width):
        self.width = width
        self.capacity = 0
        self.buf = None

    def ensure(self, rows):
        if rows > self.capacity:
            self.capacity = max(rows, 2 * self.capacity)
            self.buf = cupyx.empty_pinned((self.capacity, self.width), dtype=np.float32)
        return self.buf[:rows]
