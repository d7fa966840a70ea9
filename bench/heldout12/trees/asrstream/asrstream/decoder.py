from __future__ import annotations

from dataclasses import dataclass

from . import _asr


@dataclass
class Hyp:
    tokens: list[int]
    score: float
    text: str = ""


class BeamDecoder:
    """Thin wrapper over the C++ prefix beam search (one instance per server)."""

    def __init__(self, cfg, lm_handle):
        self.impl = _asr.CtcBeamSearch(cfg.beam_size, cfg.vocab_size, cfg.max_streams, lm_handle)

    def open_stream(self) -> int:
        return self.impl.open_stream()

    def close_stream(self, sid: int) -> None:
        self.impl.close_stream(sid)

    def advance(self, sid: int, logits) -> None:
        self.impl.advance(sid, logits.contiguous())

    def partial(self, sid: int) -> str:
        return self.impl.best_text(sid)

    def finalize(self, sid: int) -> list[Hyp]:
        return [Hyp(list(t), s) for t, s in self.impl.finalize(sid)]
