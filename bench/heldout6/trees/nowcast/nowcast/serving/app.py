import numpy as np
import torch
from fastapi import FastAPI
from fastapi.responses import StreamingResponse
from pydantic import BaseModel

from ..config import NowcastConfig
from ..models.convlstm import ConvLSTMNowcaster
from ..utils.cache import HostCache, land_mask

cfg = NowcastConfig()
app = FastAPI(title="nowcast")
STATE = {}


class NowcastRequest(BaseModel):
    issued_at: int
    frames: list


@app.on_event("startup")
def load_model():
    model = ConvLSTMNowcaster(cfg.hidden, cfg.height, cfg.width, cfg.out_frames).cuda().eval()
    model.load_state_dict(torch.load("weights/nowcast.pt", map_location="cuda"))
    STATE["model"] = model
    STATE["cache"] = HostCache((cfg.in_frames, cfg.height, cfg.width))
    STATE["warm"] = torch.zeros((1, cfg.in_frames, 1, cfg.height, cfg.width), pin_memory=True)
    with torch.no_grad():
        model(STATE["warm"].cuda())


@app.post("/nowcast")
def nowcast(req: NowcastRequest):
    frames = torch.from_numpy(np.asarray(req.frames, dtype=np.float32))
    host = STATE["cache"].get(req.issued_at)
    host.copy_(frames)
    inp = frames.pin_memory().cuda(non_blocking=True)
    mask = land_mask(cfg.height, cfg.width).cuda(non_blocking=True)
    with torch.no_grad():
        pred = STATE["model"](inp[None, :, None]) * mask
    return {"issued_at": req.issued_at, "rain": pred.squeeze().cpu().numpy().tolist()}


@app.post("/nowcast/stream")
def nowcast_stream(req: NowcastRequest):
    frames = torch.as_tensor(np.asarray(req.frames, dtype=np.float32)).cuda()

    def gen():
        with torch.no_grad():
            pred = STATE["model"](frames[None, :, None])[0, :, 0]
        for lead in range(pred.shape[0]):
            out = torch.empty(pred.shape[1:], dtype=torch.float32, pin_memory=True)
            out.copy_(pred[lead])
            yield out.numpy().tobytes()

    return StreamingResponse(gen(), media_type="application/octet-stream")
