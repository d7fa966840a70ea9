"""Low-latency streaming speech recognition (chunked conformer-transducer)."""

from .server import StreamingServer
from .offline import transcribe_file

__all__ = ["StreamingServer", "transcribe_file"]
__version__ = "0.4.1"
