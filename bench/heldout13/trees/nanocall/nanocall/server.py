"""gRPC basecalling service for read-until style clients."""
from __future__ import annotations

import logging
from concurrent import futures

import grpc
import torch

from . import basecall_pb2, basecall_pb2_grpc
from .signal import prepare_signal

log = logging.getLogger("nanocall.server")


class BasecallServicer(basecall_pb2_grpc.BasecallerServicer):
    def __init__(self, model, decoder, scaling, max_samples: int = 400_000):
        self.model = model
        self.decoder = decoder
        self.scaling = scaling
        T = max_samples // model.stride
        self._scores_host = torch.empty((T, model.n_states), dtype=torch.float32, pin_memory=True)

    @torch.inference_mode()
    def Basecall(self, request, context):
        sig = torch.frombuffer(bytearray(request.signal), dtype=torch.int16).pin_memory()
        x = prepare_signal(sig.view(1, -1), self.scaling)
        scores, _ = self.model(x.cuda(non_blocking=True))
        scores = scores[0].float().contiguous()
        seq, moves, _ = self.decoder.decode_one(scores.data_ptr(), scores.shape[0])
        return basecall_pb2.BasecallReply(read_id=request.read_id, sequence=seq.decode(), moves=moves)


def serve(model, decoder, scaling, port: int = 50051, workers: int = 4) -> None:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=workers))
    basecall_pb2_grpc.add_BasecallerServicer_to_server(BasecallServicer(model, decoder, scaling), server)
    server.add_insecure_port(f"[::]:{port}")
    server.start()
    log.info("serving on :%d", port)
    server.wait_for_termination()
