from .normalize import normalize_text
from .phonemes import text_to_ids

__all__ = ["normalize_text", "text_to_ids"]
