"""One survey field: tiles in, p(z) summaries out."""
from __future__ import annotations

import logging
from pathlib import Path

import numpy as np

from .catalog import TileReader
from .config import RunConfig, SurveyConfig
from .fit import TemplateFitter
from .pdf import STATUS, summarize
from .priors import MagnitudePrior
from .register import RegisteredIndex
from .templates import TemplateBank
from .zeropoint import ZeroPoints

log = logging.getLogger(__name__)


class Pipeline:
    def __init__(self, survey: SurveyConfig, run: RunConfig):
        self.survey = survey
        self.reader = TileReader(survey, run.max_objects_per_tile)
        self.bank = TemplateBank(survey)
        self.fitter = TemplateFitter(survey)
        self.prior = MagnitudePrior(survey.prior, run.device)
        self.zp = ZeroPoints(survey.zeropoints, survey.bands)
        self.out_dir = Path(run.out_dir) / survey.name

    def run(self) -> None:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        with RegisteredIndex(Path(self.survey.catalog) / "index.npy") as index:
            for i, tile in enumerate(self.reader):
                self.zp.apply(tile)
                flux = self.reader.stage(tile)
                grid = self.bank.grid_for(tile)
                chi2 = self.fitter.fit_tile(flux, grid)
                summary = summarize(chi2, self.bank.zgrid)
                rows = np.searchsorted(index[:, 0], tile.ids)
                np.savez(self.out_dir / f"{tile.name}.npz", ids=tile.ids, rows=rows, pz=summary)
                log.info("%s: tile %d/%d, %d objects, status %s",
                         self.survey.name, i + 1, len(self.reader), len(tile.ids), STATUS.tolist())
