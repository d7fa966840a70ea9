from dataclasses import dataclass, field
from typing import Dict, List

import yaml


@dataclass
class SearchConfig:
    target: str = "label"
    metric: str = "auc"
    folds: int = 5
    trials: int = 64
    workers: int = 4
    batch_rows: int = 65536
    models: List[str] = field(default_factory=lambda: ["gbdt", "linear", "knn"])
    space: Dict[str, dict] = field(default_factory=dict)


def load(path: str) -> SearchConfig:
    with open(path) as fh:
        return SearchConfig(**yaml.safe_load(fh))
