from dataclasses import dataclass, field

import numpy as np

from .registry import run_augments


@dataclass
class Batch:
    raw: list
    sample_rate: int = 16000
    audio: object = None
    resampled: object = None
    features: object = None
    meta: dict = field(default_factory=dict)


def split_utterances(raw, sep=b"\x00\x00RIFF"):
    parts = bytes(raw).split(sep)
    return [np.frombuffer(p, dtype=np.uint8) for p in parts if p]


class Pipeline:
    def __init__(self, stages, augments=()):
        self.stages = list(stages)
        self.augments = list(augments)

    def _finish_batch(self):
        for stage in self.stages:
            stage.reset()

    def run(self, source):
        for path, raw in source:
            batch = Batch(raw=split_utterances(raw))
            batch.meta["path"] = path
            for stage in self.stages:
                batch = stage(batch)
            batch = run_augments(batch, self.augments)
            self._finish_batch()
            yield batch
