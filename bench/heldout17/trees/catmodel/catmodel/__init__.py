"""catmodel: stochastic catastrophe loss modelling."""
