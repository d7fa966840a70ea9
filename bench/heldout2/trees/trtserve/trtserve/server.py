"""Tiny HTTP front-end: POST a float32 NCHW tensor, get the class scores back."""
from __future__ import annotations

import json
import os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np

from .runner import TrtRunner

RUNNER: TrtRunner | None = None


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        n = int(self.headers["Content-Length"])
        shape = tuple(json.loads(self.headers["X-Shape"]))
        arr = np.frombuffer(self.rfile.read(n), dtype=np.float32).reshape(shape)
        if arr.shape[1:] == RUNNER.static_shape:
            scores = RUNNER.infer(arr)
        else:
            scores = RUNNER.infer_dynamic(arr)
        body = json.dumps({"top1": scores.argmax(axis=1).tolist()}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    global RUNNER
    RUNNER = TrtRunner(os.environ.get("TRT_PLAN", "model.plan"))
    ThreadingHTTPServer(("0.0.0.0", int(os.environ.get("PORT", "8000"))), Handler).serve_forever()


if __name__ == "__main__":
    main()
