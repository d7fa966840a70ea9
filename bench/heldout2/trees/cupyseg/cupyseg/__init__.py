from .pipeline import Segmenter, segment_slide

__all__ = ["Segmenter", "segment_slide"]
