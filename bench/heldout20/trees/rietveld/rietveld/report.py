from __future__ import annotations

import numpy as np

from ._lib import Context, check, dptr, lib


def write_report(ctx: Context, path: str, params: np.ndarray, rwp: float) -> None:
    check(lib.rv_write_fit_report(ctx.handle, path.encode(), dptr(params), params.size, rwp), "report")


def export_xy(ctx: Context, path: str) -> None:
    check(lib.rv_export_xy(ctx.handle, path.encode()), "export")
