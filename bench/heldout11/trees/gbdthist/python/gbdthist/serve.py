"""Minimal prediction server: POST a float32 row-major matrix, get margins back."""
from __future__ import annotations

import argparse
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np

from ._core import Booster

BOOSTER: Booster | None = None
N_FEATURES = 0


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        n = int(self.headers.get("Content-Length", 0))
        x = np.frombuffer(self.rfile.read(n), dtype=np.float32).reshape(-1, N_FEATURES).copy()
        margins = BOOSTER.predict(x)
        body = json.dumps({"margin": margins.tolist()}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    global BOOSTER, N_FEATURES
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("--features", type=int, required=True)
    ap.add_argument("--port", type=int, default=8601)
    a = ap.parse_args()
    N_FEATURES = a.features
    BOOSTER = Booster(np.zeros((2, a.features), np.float32), np.zeros(2, np.float32))
    BOOSTER.load(a.model)
    ThreadingHTTPServer(("0.0.0.0", a.port), Handler).serve_forever()


if __name__ == "__main__":
    main()
