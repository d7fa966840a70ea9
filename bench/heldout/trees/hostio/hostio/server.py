"""Serve blob uploads over a local socket: one JSON request per line.

    {"keys": ["a", "b"], "dev_ptrs": [140000000, 140100000]}
"""

from __future__ import annotations

import argparse
import json
import socketserver

from .client import BlockClient, HostIOError

CLIENT: BlockClient | None = None


class Handler(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        for raw in self.rfile:
            req = json.loads(raw)
            try:
                if "store" in req:
                    CLIENT.store(req["store"], req["dev_ptr"], req["bytes"])
                    n = req["bytes"]
                elif len(req["keys"]) == 1:
                    n = CLIENT.fetch(req["keys"][0], req["dev_ptrs"][0])
                else:
                    n = CLIENT.fetch_many(req["keys"], req["dev_ptrs"])
                reply = {"ok": True, "bytes": n}
            except (HostIOError, OSError) as exc:
                reply = {"ok": False, "error": str(exc)}
            self.wfile.write((json.dumps(reply) + "\n").encode())


def main() -> None:
    global CLIENT
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--socket", default="/tmp/hostio.sock")
    ap.add_argument("--arena-mb", type=int, default=256)
    args = ap.parse_args()
    CLIENT = BlockClient(args.root, args.arena_mb << 20)
    with socketserver.UnixStreamServer(args.socket, Handler) as srv:
        try:
            srv.serve_forever()
        finally:
            CLIENT.close()


if __name__ == "__main__":
    main()
