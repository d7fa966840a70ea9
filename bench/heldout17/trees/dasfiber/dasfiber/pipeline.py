from __future__ import annotations

import logging

import numpy as np

from .config import DasConfig
from .events import Event, EventClassifier, coarse_kind
from .fk import fk_filter_chunks
from .interrogator import frames
from .stalta import detect
from .xcorr import TemplateBank, match_templates

log = logging.getLogger("dasfiber")


def live(cfg: DasConfig, bank_path: str, on_block=None) -> None:
    clf = EventClassifier(256)
    bank = TemplateBank(np.load(bank_path))
    dt = 1.0 / cfg.fs_hz
    for block in frames(cfg):
        filt = fk_filter_chunks(block, cfg.chunk_channels, cfg.v_min, cfg.gauge_m, dt)
        picks = detect(filt, cfg.sta, cfg.lta, cfg.trigger)
        for ch, t in picks:
            snip = filt[ch, t : t + 256]
            if len(snip) < 256:
                continue
            kind = clf.classify(Event(coarse_kind(snip), ch, t, snip))
            if kind == "excavator":
                scores = match_templates(filt, bank, ch)
                log.warning("excavator at channel %d (%.0f m), score %.2f", ch, ch * cfg.gauge_m, scores.max())
        if on_block is not None:
            on_block(filt, picks)
