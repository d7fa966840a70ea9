from __future__ import annotations

import logging
from pathlib import Path

from . import _core

log = logging.getLogger(__name__)


class FieldFormatError(IOError):
    pass


_CODES = {
    -1: "cannot open",
    -2: "short header",
    -3: "out of pinned memory",
    -4: "grid size does not match the model",
    -5: "truncated payload",
}


def load_permeability(solver, path: str | Path) -> None:
    rc = _core.read_permeability(str(path), solver, solver.cells())
    if rc != 0:
        raise FieldFormatError(f"{path}: {_CODES.get(rc, rc)}")
    log.info("permeability field %s loaded", path)


def save_checkpoint(solver, path: str | Path) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    _core.write_checkpoint(str(path), solver)


def save_vtk(solver, path: str | Path, species: int = 0) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    _core.write_concentration_vtk(str(path), solver, species)
