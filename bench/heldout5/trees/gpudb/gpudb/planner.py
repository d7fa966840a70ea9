import functools
import re
from dataclasses import dataclass, field
from typing import List, Optional

import cupyx
import numpy as np

_SELECT = re.compile(r"select\s+(?P<cols>.+?)\s+from\s+(?P<table>\w+)"
                     r"(?:\s+join\s+(?P<jt>\w+)\s+on\s+(?P<jl>\w+)\s*=\s*(?P<jr>\w+))?"
                     r"(?:\s+where\s+(?P<where>.+))?$", re.IGNORECASE)


@dataclass
class Plan:
    table: str
    columns: List[str]
    predicate: Optional[str] = None
    join_table: Optional[str] = None
    join_keys: Optional[tuple] = None
    constants: list = field(default_factory=list)


@functools.lru_cache(maxsize=256)
def constants_block(consts):
    buf = cupyx.empty_pinned((max(1, len(consts)),), dtype=np.float64)
    buf[: len(consts)] = consts
    return buf


def plan(sql):
    m = _SELECT.match(sql.strip().rstrip(";"))
    if not m:
        raise ValueError(f"unsupported query: {sql!r}")
    cols = [c.strip() for c in m.group("cols").split(",")]
    p = Plan(m.group("table"), cols, m.group("where"))
    if m.group("jt"):
        p.join_table = m.group("jt")
        p.join_keys = (m.group("jl"), m.group("jr"))
    if p.predicate:
        p.constants = [float(x) for x in re.findall(r"[-+]?\d+(?:\.\d+)?", p.predicate)]
    return p
