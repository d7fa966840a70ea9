from .dmatrix import DMatrix
from .training import EarlyStopping, EvalMonitor, train

__all__ = ["DMatrix", "train", "EvalMonitor", "EarlyStopping"]
