import numpy as np


class BerendsenBarostat:
    def __init__(self, target_p, tau=1.0):
        self.target_p = target_p
        self.tau = tau

    def apply(self, system, forcefield):
        mu = (1.0 - 0.001 / self.tau * (self.target_p - 1.0)) ** (1.0 / 3.0)
        system.box = system.box * np.float32(mu)
        # reciprocal-space terms depend on the box: tell them it changed
        for term in forcefield.terms:
            term.on_box_change()
