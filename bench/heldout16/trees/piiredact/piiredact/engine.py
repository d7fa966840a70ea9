"""Online redaction: tokenize, encode, decode, map back to characters, substitute."""
from __future__ import annotations

import torch
from transformers import AutoTokenizer

from .labels import TYPES, keep_mask, tag_type
from .model import NerModel

SURROGATE = {"NAME": "[NAME]", "DATE": "[DATE]", "AGE": "[AGE]", "ID": "[ID]", "LOCATION": "[LOC]",
             "CONTACT": "[CONTACT]", "PROFESSION": "[PROF]"}


class RedactionEngine:
    def __init__(self, checkpoint: str, gazetteer: str | None = None, device: str = "cuda", max_len: int = 512):
        self.device = torch.device(device)
        self.model = NerModel.from_checkpoint(checkpoint).to(self.device).eval()
        self.tok = AutoTokenizer.from_pretrained(self.model.encoder.config._name_or_path)
        self.max_len = max_len
        self._pad_row = None
        if gazetteer:
            torch.ops.pii.load_gazetteer(gazetteer)
        self._warmup()

    @torch.inference_mode()
    def _warmup(self) -> None:
        """Compile kernels and the CRF op once before the first request."""
        ids = torch.full((2, 16), self.tok.cls_token_id, dtype=torch.long).pin_memory()
        em = self.model(ids.to(self.device, non_blocking=True), torch.ones(2, 16, dtype=torch.bool, device=self.device))
        torch.ops.pii.viterbi_decode(em, self.model.transitions, torch.tensor([16, 16]))
        torch.cuda.synchronize(self.device)

    def _padding(self, n: int) -> torch.Tensor:
        if self._pad_row is None:
            self._pad_row = torch.full((self.max_len,), self.tok.pad_token_id, dtype=torch.long, pin_memory=True)
        return self._pad_row[:n]

    @torch.inference_mode()
    def redact(self, texts: list[str], keep_types: tuple[str, ...] = ()) -> list[tuple[str, list]]:
        enc = self.tok(texts, truncation=True, max_length=self.max_len, return_offsets_mapping=True)
        lengths = [len(x) for x in enc["input_ids"]]
        T = max(lengths)
        rows = [torch.cat([torch.tensor(x), self._padding(T - len(x))]) for x in enc["input_ids"]]
        ids = torch.stack(rows).pin_memory()
        ids = ids.to(self.device, non_blocking=True)
        emissions = self.model(ids, ids != self.tok.pad_token_id)
        tags = torch.ops.pii.viterbi_decode(emissions, self.model.transitions, torch.tensor(lengths))
        offsets = torch.tensor([o for doc in enc["offset_mapping"] for o in doc], dtype=torch.long)
        word_ids = torch.tensor([(-1 if w is None else w) for i in range(len(texts)) for w in enc.word_ids(i)])
        spans = torch.ops.pii.align_offsets(offsets, word_ids, lengths)
        keep = keep_mask(tuple(sorted(set(keep_types) & set(TYPES))))
        out = []
        for d, text in enumerate(texts):
            words = spans[d]
            found = []
            for t, w in enumerate(enc.word_ids(d)):
                tag = int(tags[d, t])
                if w is None or tag <= 0 or keep[tag]:
                    continue
                s, e = int(words[w, 0]), int(words[w, 1])
                if found and found[-1][2] == tag_type(tag) and s <= found[-1][1] + 1:
                    found[-1] = (found[-1][0], e, found[-1][2])
                else:
                    found.append((s, e, tag_type(tag)))
            red = text
            for s, e, typ in reversed(found):
                red = red[:s] + SURROGATE[typ] + red[e:]
            out.append((red, found))
        return out
