"""Conformance harness: decode 3GPP test vectors through libldpcphy via ctypes."""
from __future__ import annotations

import argparse
import ctypes
import json
from pathlib import Path

import numpy as np

cudart = ctypes.CDLL("libcudart.so")
cudart.cudaHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
cudart.cudaHostRegister.restype = ctypes.c_int
cudart.cudaHostUnregister.argtypes = [ctypes.c_void_p]
cudart.cudaHostUnregister.restype = ctypes.c_int

lib = ctypes.CDLL("libldpcphy.so")
lib.ldpc_ctx_create.restype = ctypes.c_void_p
lib.ldpc_ctx_create.argtypes = [ctypes.c_int, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_int, ctypes.c_char_p]
lib.ldpc_ctx_destroy.argtypes = [ctypes.c_void_p]


class TB(ctypes.Structure):
    _fields_ = [
        ("tbs", ctypes.c_uint32), ("bg", ctypes.c_uint8), ("zc", ctypes.c_uint16),
        ("n_cb", ctypes.c_uint32), ("k", ctypes.c_uint32), ("e", ctypes.c_uint32),
        ("rv", ctypes.c_uint8), ("rnti", ctypes.c_uint16), ("harq_id", ctypes.c_uint8),
        ("ndi", ctypes.c_uint8), ("llr", ctypes.c_void_p), ("bits", ctypes.c_void_p),
    ]


lib.ldpc_decode_tb.argtypes = [ctypes.c_void_p, ctypes.POINTER(TB)]
lib.ldpc_decode_tb.restype = ctypes.c_int


def load_vectors(root: Path):
    for meta_path in sorted(root.glob("*.json")):
        meta = json.loads(meta_path.read_text())
        meta["llr"] = np.fromfile(meta_path.with_suffix(".llr"), dtype=np.int16)
        meta["expect"] = np.fromfile(meta_path.with_suffix(".bits"), dtype=np.uint8)
        yield meta_path.stem, meta


def decode_vector(ctx, vec) -> bool:
    llr = np.ascontiguousarray(vec["llr"])
    bits = np.zeros((vec["tbs"] + 24 + 7) // 8, dtype=np.uint8)
    rc = cudart.cudaHostRegister(llr.ctypes.data, llr.nbytes, 0)
    if rc != 0:
        raise RuntimeError(f"host register failed: {rc}")
    try:
        tb = TB(tbs=vec["tbs"], bg=vec["bg"], zc=vec["zc"], n_cb=vec["n_cb"], k=vec["k"], e=vec["e"],
                rv=vec["rv"], rnti=vec["rnti"], harq_id=vec["harq_id"], ndi=1,
                llr=llr.ctypes.data, bits=bits.ctypes.data)
        rc = lib.ldpc_decode_tb(ctx, ctypes.byref(tb))
    finally:
        cudart.cudaHostUnregister(llr.ctypes.data)
    return rc == 0 and np.array_equal(bits[: vec["expect"].size], vec["expect"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("vectors", type=Path)
    ap.add_argument("--bg-dir", default="tables")
    ap.add_argument("--max-iter", type=int, default=8)
    args = ap.parse_args()
    ctx = lib.ldpc_ctx_create(0, 8 << 20, 8 << 20, args.max_iter, args.bg_dir.encode())
    passed = failed = 0
    try:
        for name, vec in load_vectors(args.vectors):
            if decode_vector(ctx, vec):
                passed += 1
            else:
                failed += 1
                print(f"FAIL {name}")
    finally:
        lib.ldpc_ctx_destroy(ctx)
    print(f"{passed} passed, {failed} failed")


if __name__ == "__main__":
    main()
