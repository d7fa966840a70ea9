"""Streaming ASR server: one asyncio task per client, 320 ms PCM chunks in, partial text out."""

import asyncio
import logging

import torch

from . import _fbank
from .decoder import BeamDecoder
from .features import FeatureNormalizer, prepare_features
from .session import SessionPool

log = logging.getLogger(__name__)


class StreamingServer:
    def __init__(self, model, cmvn_path, max_sessions=64, chunk_ms=320, sample_rate=16000, device="cuda"):
        self.device = torch.device(device)
        self.model = model.eval().to(self.device)
        self.chunk_samples = chunk_ms * sample_rate // 1000
        self.normalizer = FeatureNormalizer(cmvn_path, self.device)
        self.pool = SessionPool(max_sessions, model.state_shapes(), self.device)
        self.decoder = BeamDecoder(model.vocab_size, max_sessions, beam=4, device=self.device)
        _fbank.init_workspace(max_sessions, self.chunk_samples)
        self.stream = torch.cuda.Stream(device=self.device)
        self._lock = asyncio.Lock()

    async def handle_client(self, reader, writer):
        sess = self.pool.acquire()
        peer = writer.get_extra_info("peername")
        log.info("session %d opened for %s", sess.slot, peer)
        try:
            while True:
                data = await reader.read(self.chunk_samples * 2)
                if not data:
                    break
                async with self._lock:
                    partial = self.process_chunk(sess, data)
                if partial:
                    writer.write(partial.encode("utf-8") + b"\n")
                    await writer.drain()
            final = self.decoder.finalize(sess.slot)
            writer.write(b"FINAL " + final.encode("utf-8") + b"\n")
            await writer.drain()
        finally:
            self.decoder.reset(sess.slot)
            self.pool.release(sess)
            writer.close()
            log.info("session %d closed", sess.slot)

    @torch.inference_mode()
    def process_chunk(self, sess, pcm_bytes):
        feats = prepare_features(pcm_bytes, self.device)
        feats = self.normalizer(feats)
        with torch.cuda.stream(self.stream):
            enc, sess.state_gpu = self.model.encode_chunk(feats.unsqueeze(0), sess.state_gpu)
            logits = self.model.joint(enc)
        self.stream.synchronize()
        sess.frames_seen += enc.shape[1]
        return self.decoder.step(sess.slot, logits[0])

    def shutdown(self):
        _fbank.release_workspace()


async def serve(model, cmvn_path, host="0.0.0.0", port=9090, **kw):
    server = StreamingServer(model, cmvn_path, **kw)
    srv = await asyncio.start_server(server.handle_client, host, port)
    log.info("listening on %s:%d", host, port)
    try:
        async with srv:
            await srv.serve_forever()
    finally:
        server.shutdown()
