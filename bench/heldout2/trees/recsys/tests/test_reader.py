import ctypes

import pytest
import torch

from recsys import _native

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_alloc_pinned_roundtrip():
    lib = _native.load()
    p = lib.fr_alloc_pinned(4096)
    assert p
    ctypes.memset(p, 7, 4096)
    host = torch.frombuffer((ctypes.c_char * 4096).from_address(p), dtype=torch.uint8)
    assert host.is_pinned()
    assert int(host.cuda().sum()) == 7 * 4096
    lib.fr_free_pinned(p)


def test_read_into(tmp_path):
    lib = _native.load()
    f = tmp_path / "data.bin"
    f.write_bytes(bytes(range(256)) * 16)
    buf = bytearray(4096)
    dev = torch.empty(4096, dtype=torch.uint8, device="cuda")
    addr = ctypes.addressof((ctypes.c_char * 4096).from_buffer(buf))
    rc = lib.fr_read_into(str(f).encode(), 0, 4096, addr, dev.data_ptr(), None)
    assert rc == 0
    assert dev[255].item() == 255
