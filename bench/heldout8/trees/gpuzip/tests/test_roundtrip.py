import io

from gpuzip import CompressStream
from gpuzip.numba_codec import RleCodec


def test_roundtrip_small():
    buf = io.BytesIO()
    s = CompressStream(buf, chunk=1 << 16)
    s.write(b"abc" * 1000)
    assert buf.getvalue()
    codec = RleCodec(max_out=1 << 12)
    assert codec.decode(bytes([7, 3])) [:3] == b"\x07\x07\x07"
