"""vidanalytics: a small stream-analytics toolkit (decode -> detect -> track)."""
from .config import PipelineConfig, parse_args
from .registry import STAGES, register_stage

__all__ = ["PipelineConfig", "parse_args", "STAGES", "register_stage"]
__version__ = "0.7.2"
