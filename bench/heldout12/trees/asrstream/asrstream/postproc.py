"""Post-processors applied to the final hypotheses of a stream, by name from the config."""
from __future__ import annotations

import torch

from .lm import vocab_table

POSTPROC = {}


def register(name):
    def deco(fn):
        POSTPROC[name] = fn
        return fn

    return deco


@register("detok")
def detokenize(hyps, model):
    table = vocab_table(model)
    for h in hyps:
        h.text = "".join(table.pieces[t] for t in h.tokens).replace("\u2581", " ").strip()
    return hyps


_ITN = None


def _itn_model():
    global _ITN
    if _ITN is None:
        _ITN = torch.jit.load("/models/itn-tagger.ts").cuda().eval()
    return _ITN


@register("itn")
def inverse_normalize(hyps, model):
    tagger = _itn_model()
    for h in hyps:
        ids = torch.tensor(h.tokens, dtype=torch.int32).pin_memory()
        tags = tagger(ids.cuda(non_blocking=True).unsqueeze(0)).argmax(-1).cpu()[0]
        h.text = _apply_tags(h.text, tags.tolist())
    return hyps


def _apply_tags(text, tags):
    words = text.split()
    return " ".join(w if t == 0 else w.upper() for w, t in zip(words, tags))
