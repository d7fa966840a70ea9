"""Reaction models known to the C++ core, with their parameter checks."""

from __future__ import annotations

REACTIONS = {
    # name: (parameter names, description)
    "decay": (("lambda",), "first-order decay"),
    "monod": (("mu_max", "k_s", "yield"), "Monod biodegradation limited by the electron acceptor"),
    "sorption": (("k_d", "rho_b"), "linear equilibrium sorption with a Freundlich correction"),
}


def check_reaction(kind: str, params: list[float]) -> list[float]:
    try:
        names, _ = REACTIONS[kind]
    except KeyError:
        raise ValueError(f"unknown reaction {kind!r}; known: {', '.join(sorted(REACTIONS))}") from None
    if len(params) != len(names):
        raise ValueError(f"{kind} takes {len(names)} parameters ({', '.join(names)}), got {len(params)}")
    if any(p < 0 for p in params):
        raise ValueError(f"{kind}: parameters must be non-negative")
    return [float(p) for p in params]
