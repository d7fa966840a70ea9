import re

import numpy as np
import pycuda.driver as cuda

MONO = {"G": 57.02146, "A": 71.03711, "S": 87.03203, "P": 97.05276, "V": 99.06841, "T": 101.04768,
        "C": 160.03065, "L": 113.08406, "I": 113.08406, "N": 114.04293, "D": 115.02694,
        "Q": 128.05858, "K": 128.09496, "E": 129.04259, "M": 131.04049, "H": 137.05891,
        "F": 147.06841, "R": 156.10111, "Y": 163.06333, "W": 186.07931}
WATER = 18.01056


def tryptic(seq, missed=2, lo=7, hi=40):
    sites = [0] + [m.end() for m in re.finditer(r"[KR](?!P)", seq)] + [len(seq)]
    for i in range(len(sites) - 1):
        for j in range(i + 1, min(i + 2 + missed, len(sites))):
            pep = seq[sites[i]:sites[j]]
            if lo <= len(pep) <= hi:
                yield pep


def make_decoys(proteins, max_len=2048):
    """Reverse every protein (keeping the C-terminal residue) and stage it for the GPU digest."""
    staged = []
    for name, seq in proteins:
        rev = seq[-2::-1] + seq[-1]
        codes = cuda.pagelocked_empty(max_len, np.uint8)
        n = min(len(rev), max_len)
        codes[:n] = np.frombuffer(rev[:n].encode(), np.uint8)
        staged.append(("DECOY_" + name, rev, codes[:n].copy()))
    return staged


class PeptideIndex:
    def __init__(self, params):
        self.params = params
        self.peptides = []
        self.masses = None

    def build(self, proteins):
        for name, seq in proteins:
            for pep in tryptic(seq, self.params.missed_cleavages, self.params.min_length,
                               self.params.max_length):
                self.peptides.append((name, pep))
        self.masses = cuda.pagelocked_zeros(len(self.peptides), np.float32)
        for i, (_, pep) in enumerate(self.peptides):
            self.masses[i] = sum(MONO[a] for a in pep) + WATER
        order = np.argsort(self.masses)
        self.peptides = [self.peptides[i] for i in order]
        self.masses[:] = self.masses[order]
        return self

    def window(self, mass, tol_ppm):
        d = mass * tol_ppm * 1e-6
        return np.searchsorted(self.masses, mass - d), np.searchsorted(self.masses, mass + d)
