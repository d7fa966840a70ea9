import numpy as np

AA = "ARNDCQEGHILKMFPSTWYV-"
AA_IDX = {a: i for i, a in enumerate(AA)}


def read_a3m(path):
    seqs = []
    with open(path) as f:
        cur = []
        for line in f:
            if line.startswith(">"):
                if cur:
                    seqs.append("".join(cur))
                cur = []
            else:
                cur.append("".join(c for c in line.strip() if not c.islower()))
        if cur:
            seqs.append("".join(cur))
    return seqs


def featurize_fasta(path, max_msa, crop):
    seqs = read_a3m(path)[:max_msa]
    L = min(len(seqs[0]), crop)
    msa = np.zeros((max_msa, L), dtype=np.int64)
    mask = np.zeros((max_msa, L), dtype=np.float32)
    for i, s in enumerate(seqs):
        for j, c in enumerate(s[:L]):
            msa[i, j] = AA_IDX.get(c, 20)
            mask[i, j] = 1.0
    return {"msa": msa, "mask": mask, "aatype": msa[0].copy()}
