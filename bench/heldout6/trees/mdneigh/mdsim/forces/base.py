class ForceTerm:
    def compute(self, system):
        raise NotImplementedError

    def on_box_change(self):
        pass


class ForceField:
    def __init__(self, terms):
        self.terms = list(terms)
        self.energies = {}

    def evaluate(self, system):
        for term in self.terms:
            self.energies[type(term).__name__] = term.compute(system)
