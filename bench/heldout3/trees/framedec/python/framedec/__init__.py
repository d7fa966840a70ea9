"""GPU video decode -> tensors. The heavy lifting is in the _framedec extension."""

from ._framedec import FrameDecoder, export_poster, make_contact_sheet, normalize_frame
from .pipeline import Pipeline
from .writer import TensorWriter

__all__ = ["FrameDecoder", "Pipeline", "TensorWriter", "export_poster", "make_contact_sheet", "normalize_frame"]
