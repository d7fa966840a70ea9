import asyncio

import torch
from fastapi import FastAPI
from fastapi.responses import Response, StreamingResponse
from pydantic import BaseModel

from ..cache import speaker_embedding
from ..config import from_argv
from ..engine import Engine
from .streaming import stream_chunks, stream_raw
from .worker import SynthWorker

app = FastAPI(title="tts")
STATE = {}


class TTSRequest(BaseModel):
    text: str
    speaker: str = "default"
    stream: bool = False
    raw: bool = False


@app.on_event("startup")
async def startup():
    cfg = from_argv([])
    engine = Engine(cfg)
    engine.warmup()
    STATE["cfg"] = cfg
    STATE["engine"] = engine
    STATE["worker"] = SynthWorker(engine, cfg.pool_size)
    STATE["worker"].start()
    STATE["silence"] = torch.zeros(cfg.audio.sample_rate // 4, dtype=torch.int16, pin_memory=True)


@app.on_event("shutdown")
async def shutdown():
    STATE["worker"].stop()


@app.post("/tts")
async def tts(req: TTSRequest):
    engine = STATE["engine"]
    cfg = STATE["cfg"]
    if req.stream:
        gen = stream_raw if req.raw else stream_chunks
        return StreamingResponse(gen(engine, req.text, cfg.chunk_frames), media_type="audio/L16")
    speaker_embedding(req.speaker, engine.device)
    loop = asyncio.get_running_loop()
    mel = await loop.run_in_executor(None, engine.mel, req.text)
    n = mel.shape[-1] * engine.vocoder.hop
    pcm_host = torch.empty(n + STATE["silence"].numel(), dtype=torch.int16, pin_memory=True)
    with torch.no_grad():
        wav = engine.vocoder(mel).squeeze()
    pcm_host[:n].copy_((wav.clamp(-1, 1) * 32767).to(torch.int16)[:n])
    pcm_host[n:].copy_(STATE["silence"])
    return Response(pcm_host.numpy().tobytes(), media_type="audio/L16")


@app.post("/tts/async")
async def tts_async(req: TTSRequest):
    fut = asyncio.get_running_loop().create_future()
    STATE["worker"].submit(req.text, lambda b: fut.get_loop().call_soon_threadsafe(fut.set_result, b))
    return Response(await fut, media_type="audio/L16")
