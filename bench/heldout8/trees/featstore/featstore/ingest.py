import queue
import threading

import numpy as np
import cupy as cp


class IngestWorker(threading.Thread):
    def __init__(self, table, q: "queue.Queue[bytes]"):
        super().__init__(daemon=True)
        self.table = table
        self.q = q
        self.running = True

    def run(self):
        while self.running:
            msg = self.q.get()
            if msg is None:
                break
            mem = cp.cuda.alloc_pinned_memory(len(msg))
            host = np.frombuffer(mem, dtype=np.uint8, count=len(msg))
            host[:] = np.frombuffer(msg, dtype=np.uint8)
            d = cp.asarray(host)
            row = int(d[:8].view(cp.int64)[0])
            vec = d[8:].view(cp.float32)
            self.table.rows_view[row, : vec.size] = cp.asnumpy(vec)
