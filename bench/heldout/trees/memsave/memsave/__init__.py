"""memsave: trade host memory for device memory during training."""

from .functional import HostAccumulatedGrad, OffloadedLinear, StagedLinear
from .probes import ActivationRecorder, GradNormProbe, LogitGradWatch
from .slots import EmaShadow, HostMirror, LayerOffloader

__all__ = [
    "ActivationRecorder",
    "EmaShadow",
    "GradNormProbe",
    "HostAccumulatedGrad",
    "HostMirror",
    "LayerOffloader",
    "LogitGradWatch",
    "OffloadedLinear",
    "StagedLinear",
]
