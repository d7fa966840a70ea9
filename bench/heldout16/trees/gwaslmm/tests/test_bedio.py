import numpy as np
import pytest

cp = pytest.importorskip("cupy")
cupyx = pytest.importorskip("cupyx")


def _write_toy(tmp_path, n=5, m=3):
    codes = np.array([[0, 1, 2, 3, 0], [3, 3, 3, 3, 3], [2, 2, 0, 0, 1]], dtype=np.uint8)
    packed = bytearray(b"\x6c\x1b\x01")
    for row in codes:
        for i in range(0, n, 4):
            byte = 0
            for k, c in enumerate(row[i:i + 4]):
                byte |= int(c) << (2 * k)
            packed.append(byte)
    (tmp_path / "toy.bed").write_bytes(bytes(packed))
    (tmp_path / "toy.fam").write_text("".join(f"F{i} I{i} 0 0 1 -9\n" for i in range(n)))
    (tmp_path / "toy.bim").write_text("".join(f"1 rs{j} 0 {100 * j} A G\n" for j in range(m)))
    return str(tmp_path / "toy")


def test_decode_matches_plink_coding(tmp_path):
    from gwaslmm.bedreader import BedFile

    bed = BedFile(_write_toy(tmp_path))
    out = cupyx.empty_pinned((3, 5), dtype=np.float32)
    bed.decode_into(0, out)
    np.testing.assert_array_equal(out[0, [0, 2, 3]], [2.0, 1.0, 0.0])
    assert np.isnan(out[0, 1])
    bed.close()
