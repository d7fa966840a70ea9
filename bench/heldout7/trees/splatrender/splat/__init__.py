from . import _C  # noqa: F401  registers torch.ops.splat
from .config import RenderConfig
from .scene import GaussianScene

__all__ = ["RenderConfig", "GaussianScene"]
