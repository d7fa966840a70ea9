"""Line-delimited JSON over TCP: {"prompt": [ids], "max_new_tokens": n, "long_context": bool}."""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
from concurrent.futures import ThreadPoolExecutor

import torch

from . import ops
from .config import load_config
from .engine import InferenceEngine
from .expert_store import ExpertStore
from .loader import load_dense, load_experts

log = logging.getLogger("moe")


def warm_up(engine: InferenceEngine) -> None:
    """Allocate the request I/O buffers and run three dummy steps so the kernels are compiled."""
    bufs = []
    for step in range(3):
        bufs.append(torch.empty((engine.cfg.max_batch, engine.cfg.d_model), dtype=torch.float16, pin_memory=True))
        engine.step(torch.zeros((1, engine.cfg.d_model), dtype=torch.float16, device="cuda"))
    engine.register_io_buffers(bufs)


def build_engine(model_dir: str) -> InferenceEngine:
    cfg = load_config(model_dir)
    packed, scales = load_experts(model_dir)
    dense = load_dense(model_dir)
    ops.load_shard(f"{model_dir}/lm_head.bin", dense["lm_head"])
    return InferenceEngine(cfg, ExpertStore(packed, scales, cfg), dense)


async def serve(engine: InferenceEngine, host: str, port: int) -> None:
    pool = ThreadPoolExecutor(max_workers=1)  # one request at a time on the GPU
    loop = asyncio.get_running_loop()

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while line := await reader.readline():
            req = json.loads(line)
            prompt = torch.tensor(req["prompt"], dtype=torch.int64)
            toks = await loop.run_in_executor(
                pool, engine.generate, prompt, int(req.get("max_new_tokens", 64)), bool(req.get("long_context"))
            )
            writer.write((json.dumps({"tokens": toks, "expert_misses": engine.store.misses}) + "\n").encode())
            await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, host, port)
    async with server:
        await server.serve_forever()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("model_dir")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=7070)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    engine = build_engine(args.model_dir)
    warm_up(engine)
    asyncio.run(serve(engine, args.host, args.port))


if __name__ == "__main__":
    main()
