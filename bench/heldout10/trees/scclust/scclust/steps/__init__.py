from scclust.steps import hvg, knn, normalize, pca, qc  # noqa: F401
from scclust.steps.base import STEPS, Chunk, Pipeline, Step, register

__all__ = ["STEPS", "Chunk", "Pipeline", "Step", "register"]
