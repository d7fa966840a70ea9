"""gRPC front end."""
from __future__ import annotations

import argparse
from concurrent import futures

import grpc

from . import redact_pb2, redact_pb2_grpc
from .engine import RedactionEngine


class RedactServicer(redact_pb2_grpc.RedactorServicer):
    def __init__(self, engine: RedactionEngine):
        self.engine = engine

    def Redact(self, request, context):
        by_keep: dict[tuple, list] = {}
        for note in request.notes:
            by_keep.setdefault(tuple(sorted(note.keep_types)), []).append(note)
        resp = redact_pb2.RedactResponse()
        for keep, notes in by_keep.items():
            for note, (text, spans) in zip(notes, self.engine.redact([n.text for n in notes], keep)):
                out = resp.notes.add(id=note.id, text=text)
                for s, e, typ in spans:
                    out.spans.add(start=s, end=e, type=typ)
        return resp


def serve(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--checkpoint", required=True)
    ap.add_argument("--gazetteer")
    ap.add_argument("--port", type=int, default=50061)
    args = ap.parse_args(argv)
    engine = RedactionEngine(args.checkpoint, args.gazetteer)
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=1))
    redact_pb2_grpc.add_RedactorServicer_to_server(RedactServicer(engine), server)
    server.add_insecure_port(f"[::]:{args.port}")
    server.start()
    server.wait_for_termination()


if __name__ == "__main__":
    serve()
