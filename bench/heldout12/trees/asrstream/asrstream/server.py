from __future__ import annotations

import argparse
import asyncio
import json
import logging

import websockets

from . import lm
from .batcher import MicroBatcher
from .config import ServerConfig, load_config
from .decoder import BeamDecoder
from .encoder import StreamingEncoder
from .session import StreamSession

log = logging.getLogger("asrstream")


class AsrServer:
    def __init__(self, cfg: ServerConfig):
        self.cfg = cfg
        self.encoder = StreamingEncoder(cfg.model)
        lm_handle = lm.load_language_model(cfg.lm_path, cfg.lexicon_path)
        self.decoder = BeamDecoder(cfg.decoder, lm_handle)
        self.batcher = MicroBatcher(self.encoder, cfg.batcher)
        self.sessions: dict[int, StreamSession] = {}

    async def handle(self, ws):
        session = StreamSession(self.cfg, self.batcher, self.decoder)
        self.sessions[id(ws)] = session
        log.info("stream %d opened (%d live)", session.stream_id, len(self.sessions))
        try:
            async for message in ws:
                if isinstance(message, bytes):
                    partial = await session.feed(message)
                    await ws.send(json.dumps({"partial": partial}))
                    continue
                ctrl = json.loads(message)
                if ctrl.get("eof"):
                    final = await session.finish()
                    await ws.send(json.dumps({"final": final}))
                    break
        finally:
            self.sessions.pop(id(ws), None)
            self.decoder.close_stream(session.stream_id)

    async def serve(self):
        batcher_task = asyncio.create_task(self.batcher.run())
        async with websockets.serve(self.handle, self.cfg.host, self.cfg.port, max_size=2**20):
            log.info("listening on %s:%d", self.cfg.host, self.cfg.port)
            await asyncio.Future()
        batcher_task.cancel()


def main(argv=None):
    ap = argparse.ArgumentParser("asrstream-serve")
    ap.add_argument("--config", default="configs/server.yaml")
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args(argv)
    logging.basicConfig(level=args.log_level)
    server = AsrServer(load_config(args.config))
    asyncio.run(server.serve())


if __name__ == "__main__":
    main()
