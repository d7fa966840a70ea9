from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
import torch
from torch.utils.data import Dataset


@dataclass
class Subject:
    sid: int
    covariates: np.ndarray   # weight, age, CrCL, sex
    dose_times: np.ndarray
    doses: np.ndarray
    obs_times: np.ndarray
    conc: np.ndarray


class CohortDataset(Dataset):
    def __init__(self, csv: str, split: str = "train"):
        df = pd.read_csv(csv)
        df = df[df["split"] == split]
        self.subjects = [self._subject(g) for _, g in df.groupby("ID")]

    @staticmethod
    def _subject(g: pd.DataFrame) -> Subject:
        dosing = g[g["EVID"] == 1]
        obs = g[g["EVID"] == 0]
        cov = g[["WT", "AGE", "CRCL", "SEX"]].iloc[0].to_numpy(np.float32)
        return Subject(int(g["ID"].iloc[0]), cov, dosing["TIME"].to_numpy(np.float32),
                       dosing["AMT"].to_numpy(np.float32), obs["TIME"].to_numpy(np.float32),
                       obs["DV"].to_numpy(np.float32))

    def __len__(self) -> int:
        return len(self.subjects)

    def __getitem__(self, i: int) -> Subject:
        return self.subjects[i]
