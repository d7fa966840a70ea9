"""FastAPI front end (same engine as the gRPC service)."""
from __future__ import annotations

import os
from contextlib import asynccontextmanager

from fastapi import FastAPI
from pydantic import BaseModel

from .engine import RedactionEngine

ENGINE: RedactionEngine | None = None


class NoteIn(BaseModel):
    text: str
    keep_types: list[str] = []


@asynccontextmanager
async def lifespan(app: FastAPI):
    global ENGINE
    ENGINE = RedactionEngine(os.environ["PII_CHECKPOINT"], os.environ.get("PII_GAZETTEER"))
    yield


app = FastAPI(lifespan=lifespan)


@app.post("/redact")
def redact(note: NoteIn) -> dict:
    (text, spans), = ENGINE.redact([note.text], tuple(sorted(note.keep_types)))
    return {"text": text, "spans": [{"start": s, "end": e, "type": t} for s, e, t in spans]}
