from .registry import STAGES, build_pipeline
