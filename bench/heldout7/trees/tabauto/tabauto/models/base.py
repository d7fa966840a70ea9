class BaseModel:
    name = "base"

    def __init__(self, **params):
        self.params = params
        self.rounds = int(params.get("rounds", 100))

    def begin(self, X, y):
        pass

    def round(self, i, X, y):
        raise NotImplementedError

    def after_round(self, i):
        pass

    def fit(self, X, y):
        self.begin(X, y)
        for i in range(self.rounds):
            self.round(i, X, y)
            self.after_round(i)
        return self

    def predict(self, X):
        raise NotImplementedError
