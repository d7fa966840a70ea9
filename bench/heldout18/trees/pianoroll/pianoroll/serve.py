"""aiohttp transcription service: POST raw 16 kHz PCM, get notes back."""
import asyncio
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import torch
import torchaudio
from aiohttp import web

from .config import TrainConfig
from .model import Transcriber

routes = web.RouteTableDef()
_pool = ThreadPoolExecutor(max_workers=4)


def _decode_job(app, pcm_bytes):
    audio = torch.from_numpy(np.frombuffer(pcm_bytes, dtype=np.int16).astype(np.float32) / 32768.0)
    audio = audio.pin_memory()
    mel = app["mel"](audio.cuda(non_blocking=True)).T.unsqueeze(0)
    notes, _ = app["model"].transcribe(torch.log1p(mel))
    return notes.tolist()


@routes.post("/transcribe")
async def transcribe(request):
    body = await request.read()
    notes = await asyncio.get_running_loop().run_in_executor(_pool, _decode_job, request.app, body)
    return web.json_response({"notes": notes})


async def _startup(app):
    cfg = TrainConfig()
    app["model"] = Transcriber(cfg).cuda().eval()
    app["model"].load_state_dict(torch.load("checkpoints/ema_049.pt"))
    app["mel"] = torchaudio.transforms.MelSpectrogram(cfg.sample_rate, hop_length=cfg.hop, n_mels=cfg.n_mels).cuda()
    app["warm"] = torch.zeros(cfg.sample_rate * 4, pin_memory=True)
    app["model"].transcribe(app["mel"](app["warm"].cuda()).T.unsqueeze(0))


def make_app():
    app = web.Application(client_max_size=64 << 20)
    app.add_routes(routes)
    app.on_startup.append(_startup)
    return app


if __name__ == "__main__":
    web.run_app(make_app(), port=8088)
