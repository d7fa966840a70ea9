from .reducer import Reducer
from .trainer import Trainer, TrainConfig

__all__ = ["Reducer", "Trainer", "TrainConfig"]
