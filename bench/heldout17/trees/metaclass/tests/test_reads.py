import gzip

from metaclass.reads import fastq_records


def test_fastq_records(tmp_path):
    p = tmp_path / "r.fq.gz"
    with gzip.open(p, "wb") as fh:
        fh.write(b"@r1\nACGT\n+\nIIII\n@r2\nGGCC\n+\nIIII\n")
    assert list(fastq_records(str(p))) == [b"ACGT", b"GGCC"]
