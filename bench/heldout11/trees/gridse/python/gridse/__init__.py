from .estimator import StateEstimator

__all__ = ["StateEstimator"]
