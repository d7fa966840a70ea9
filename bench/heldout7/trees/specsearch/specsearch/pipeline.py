import numpy as np
from pyteomics import fasta

from .config import parse
from .db.digest import PeptideIndex, make_decoys
from .fdr import TargetDecoyFdr
from .gpu.scoring import XcorrScorer
from .io.mzml import SpectrumBatcher
from .native import SpectralLibrary, bin_spectra


def theoretical_table(index, n_ions=64):
    theo = np.zeros((len(index.peptides), n_ions), np.float32)
    for i, (_, pep) in enumerate(index.peptides):
        from .db.digest import MONO

        b = np.cumsum([MONO[a] for a in pep])[: n_ions // 2]
        theo[i, : b.size] = b + 1.00728
    return theo


def main(argv=None):
    args, params = parse(argv)
    proteins = [(d.split()[0], s) for d, s in fasta.read(args.fasta)]
    proteins += [(n, rev) for n, rev, _ in make_decoys(proteins)]
    index = PeptideIndex(params).build(proteins)
    scorer = XcorrScorer(theoretical_table(index))
    library = SpectralLibrary(args.library) if args.library else None
    fdr = TargetDecoyFdr()
    rows = []
    try:
        for ids, precs, block in SpectrumBatcher(args.mzml, params.batch_size, params.max_peaks):
            cand = np.array([index.window(m, params.precursor_tol_ppm) for m in precs], np.int32)
            scores = scorer.score(block, cand)
            binned = bin_spectra(block, 1.0005, 2000)
            for k, sid in enumerate(ids):
                best = int(np.argmax(scores[k]))
                pep_i = cand[k, 0] + best
                if pep_i < cand[k, 1]:
                    prot, pep = index.peptides[pep_i]
                    rows.append((sid, pep, prot, float(scores[k, best]), float(binned[k].max())))
    finally:
        scorer.close()
        if library is not None:
            library.close()
    target = np.array([r[3] for r in rows if not r[2].startswith("DECOY_")])
    decoy = np.array([r[3] for r in rows if r[2].startswith("DECOY_")])
    q = fdr.qvalues(target, decoy)
    with open(args.out, "w") as fh:
        fh.write("scan\tpeptide\tprotein\tscore\tq\n")
        for (sid, pep, prot, s, _), qv in zip([r for r in rows if not r[2].startswith("DECOY_")], q):
            fh.write(f"{sid}\t{pep}\t{prot}\t{s:.4f}\t{qv:.4g}\n")
