"""Publishes bus voltage magnitudes to the operator dashboard."""
from __future__ import annotations

import json
import queue
import threading
import urllib.request

import cupyx
import numpy as np


class Dashboard(threading.Thread):
    def __init__(self, url: str, n_bus: int):
        super().__init__(daemon=True, name="dashboard")
        self.url = url
        self.q: "queue.Queue" = queue.Queue(maxsize=4)
        self.vmag = cupyx.empty_pinned(n_bus, dtype=np.float32)

    def on_state(self, v, theta, observable):
        try:
            self.q.put_nowait(v)
        except queue.Full:
            pass

    def run(self):
        while True:
            v = self.q.get()
            self.vmag[:] = v
            body = json.dumps({"vmag": self.vmag.round(4).tolist()}).encode()
            req = urllib.request.Request(self.url, data=body, headers={"Content-Type": "application/json"})
            try:
                urllib.request.urlopen(req, timeout=0.5).close()
            except OSError:
                pass
