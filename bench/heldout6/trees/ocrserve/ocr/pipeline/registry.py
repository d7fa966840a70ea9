from .base import Pipeline
from .detect import TextDetector
from .layout import LayoutStage
from .recognize import CrnnRecognizer

STAGES = {
    "layout": LayoutStage,
    "detect": TextDetector,
    "recognize": CrnnRecognizer,
}


def build_pipeline(names, cfg, **shared):
    stages = []
    for n in names:
        cls = STAGES[n]
        stages.append(cls(cfg, **shared.get(n, {})))
    return Pipeline(stages)
