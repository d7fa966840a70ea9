from __future__ import annotations

from fastapi import FastAPI, HTTPException
from pydantic import BaseModel

from .mil import predict_slide
from .service import SlideService, Settings

app = FastAPI(title="wsipath")


class PredictRequest(BaseModel):
    path: str


@app.on_event("startup")
def startup() -> None:
    app.state.service = SlideService(Settings())


@app.post("/predict")
def predict(req: PredictRequest) -> dict:
    try:
        return predict_slide(app.state.service, req.path)
    except FileNotFoundError:
        raise HTTPException(404, f"no such slide: {req.path}")
