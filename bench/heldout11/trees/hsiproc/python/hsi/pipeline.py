from __future__ import annotations

from typing import Iterable, List

import numpy as np

from .stages import Calibrate, Stage, Unmix


class Pipeline:
    def __init__(self, stages: List[Stage]):
        self.stages = stages

    def run(self, lines: Iterable[np.ndarray], samples: int, bands: int):
        for st in self.stages:
            st.setup(samples, bands)
        cal = next(s for s in self.stages if isinstance(s, Calibrate))
        for s in self.stages:
            if isinstance(s, Unmix):
                s.bind(cal)
        try:
            for raw in lines:
                item = {"raw": np.ascontiguousarray(raw, dtype=np.uint16)}
                for st in self.stages:
                    item = st.process(item)
                yield item
        finally:
            for st in reversed(self.stages):
                st.teardown()
