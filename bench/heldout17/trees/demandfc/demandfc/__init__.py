"""demandfc: store-SKU demand forecasting."""
__version__ = "2.1.0"
