"""Reads requests the ingest sidecar left in the shared ring and replays them against /score."""
from __future__ import annotations

import argparse
import json
import time

import httpx

from rmscore.shm import SharedRing


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ring", default="/rmscore-ring")
    ap.add_argument("--url", default="http://127.0.0.1:8000/score")
    args = ap.parse_args()
    ring = SharedRing(args.ring)
    i = 0
    try:
        with httpx.Client(timeout=30) as client:
            while True:
                raw = bytes(ring.slot(i)).rstrip(b"\0")
                if not raw:
                    time.sleep(0.01)
                    continue
                client.post(args.url, json=json.loads(raw))
                ring.slot(i)[:] = 0
                i += 1
    finally:
        ring.close()


if __name__ == "__main__":
    main()
