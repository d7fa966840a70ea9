"""Live preview: pushes positions and UVs to the browser viewer over a websocket."""
from __future__ import annotations

import json
import queue
import threading

import cupyx
import numpy as np


class PreviewStream:
    def __init__(self, n_verts: int, port: int = 8765):
        # One page-locked frame buffer reused for every pushed frame.
        self.frame_buf = cupyx.empty_pinned((n_verts, 5), dtype=np.float32)
        self.q: queue.Queue = queue.Queue(maxsize=2)
        self.port = port
        threading.Thread(target=self._serve, daemon=True).start()

    def push(self, solver, frame: int, uv: np.ndarray) -> None:
        n = self.frame_buf.shape[0]
        self.frame_buf[:, 3:] = uv[:n]
        try:
            self.q.put_nowait((frame, self.frame_buf.tobytes()))
        except queue.Full:
            pass

    def _serve(self) -> None:
        import websockets.sync.server as ws

        def handler(conn):
            while True:
                frame, payload = self.q.get()
                conn.send(json.dumps({"frame": frame}))
                conn.send(payload)

        with ws.serve(handler, "0.0.0.0", self.port) as server:
            server.serve_forever()
