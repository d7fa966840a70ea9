import argparse
from concurrent import futures

import grpc

from nmt import translate_pb2_grpc
from nmt.batcher import Batcher
from nmt.beam import BeamSearch
from nmt.cache import EncoderCache
from nmt.config import ServeConfig
from nmt.model import load_model
from nmt.scorer import LengthPenalty
from nmt.server import TranslatorServicer
from nmt.shm import SharedPromptBuffer
from nmt.tokenizer import Tokenizer
from nmt.warmup import warmup


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=ServeConfig.port)
    ap.add_argument("--shm", default=None, help="shared-memory segment of the preprocessing sidecar")
    ap.add_argument("--shm-bytes", type=int, default=64 << 20)
    args = ap.parse_args()
    cfg = ServeConfig(port=args.port)

    model = load_model(cfg.checkpoint)
    tok = Tokenizer(cfg.spm_model)
    scorer = LengthPenalty(cfg.length_alpha, cfg.max_len)
    beam = BeamSearch(model, scorer, cfg.beam, cfg.max_len, cfg.max_batch)
    cache = EncoderCache()
    batcher = Batcher(model, beam, cache, cfg.max_batch, cfg.max_wait_ms)
    servicer = TranslatorServicer(model, tok, batcher, beam, cache)
    warmup(servicer)
    shared = SharedPromptBuffer().attach(args.shm, args.shm_bytes) if args.shm else None
    batcher.start()

    server = grpc.server(futures.ThreadPoolExecutor(max_workers=cfg.workers))
    translate_pb2_grpc.add_TranslatorServicer_to_server(servicer, server)
    server.add_insecure_port(f"[::]:{cfg.port}")
    server.start()
    try:
        server.wait_for_termination()
    finally:
        batcher.stop()
        if shared is not None:
            shared.detach()


if __name__ == "__main__":
    main()
