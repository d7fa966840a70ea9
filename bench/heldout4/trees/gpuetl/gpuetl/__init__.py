from .frame import DataFrame
from .column import Column
from .stream import StreamingJob

__all__ = ["DataFrame", "Column", "StreamingJob"]
