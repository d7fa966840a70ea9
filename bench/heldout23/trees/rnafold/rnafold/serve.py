"""Small HTTP prediction service for the lab's structure browser.

    python -m rnafold.serve bprna_base.pt --port 8090
POST a JSON {"seq": "..."} and get the dot-bracket structure back.
"""
from __future__ import annotations

import argparse
import functools
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np
import torch

from .buffers import pair_buffer
from .cudareg import PinnedMSA
from .features import Featurizer, one_hot
from .model import PairNet

MAX_LEN = 1024
BUCKETS = (64, 128, 256, 512, 1024)


@functools.lru_cache(maxsize=None)
def _encoded(seq: str) -> torch.Tensor:
    """One-hot of a sequence, staged for upload; repeated sequences skip the encode."""
    return one_hot(seq).pin_memory()


@functools.lru_cache(maxsize=len(BUCKETS))
def _min_loop_mask(bucket: int) -> torch.Tensor:
    i = torch.arange(bucket)
    return ((i[None, :] - i[:, None]).abs() > 3).float().pin_memory()


def _bucket(n: int) -> int:
    return next(b for b in BUCKETS if b >= n)


def dot_bracket(probs: np.ndarray, threshold: float = 0.5) -> str:
    L = probs.shape[0]
    s = ["."] * L
    used = set()
    for i, j in sorted(zip(*np.nonzero(np.triu(probs, 4) > threshold)), key=lambda ij: -probs[ij]):
        if i not in used and j not in used:
            s[i], s[j] = "(", ")"
            used.update((i, j))
    return "".join(s)


class Predictor:
    def __init__(self, checkpoint: str, background_msa: str | None = None):
        self.model = PairNet().cuda().eval()
        self.model.load_state_dict(torch.load(checkpoint, map_location="cpu"))
        self.featurizer = Featurizer()
        self.prior = torch.zeros(MAX_LEN, MAX_LEN, device="cuda")
        # staging for the longest allowed sequence, reused by every request
        self.potential_host = pair_buffer(MAX_LEN)
        self.background = PinnedMSA(np.load(background_msa)) if background_msa else None

    @torch.no_grad()
    def predict(self, seq: str) -> str:
        seq = seq.upper().replace("T", "U")
        if not 0 < len(seq) <= MAX_LEN:
            raise ValueError(f"sequence length must be 1..{MAX_LEN}")
        L = len(seq)
        b = _bucket(L)
        x = _encoded(seq).cuda(non_blocking=True)[None]
        pot = self.potential_host[:L, :L]
        pot.zero_()
        pot[_min_loop_mask(b)[:L, :L] > 0] = 1.0
        logits = self.model(x, pot.cuda(non_blocking=True)[None], self.prior)
        return dot_bracket(torch.sigmoid(logits[0]).cpu().numpy())


def make_handler(predictor: Predictor):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            try:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                out = {"structure": predictor.predict(body["seq"])}
                code = 200
            except (KeyError, ValueError) as exc:
                out, code = {"error": str(exc)}, 400
            data = json.dumps(out).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("checkpoint")
    ap.add_argument("--background-msa", default=None)
    ap.add_argument("--port", type=int, default=8090)
    args = ap.parse_args()
    predictor = Predictor(args.checkpoint, args.background_msa)
    ThreadingHTTPServer(("0.0.0.0", args.port), make_handler(predictor)).serve_forever()


if __name__ == "__main__":
    main()
