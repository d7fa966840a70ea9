"""dasfiber: GPU processing of distributed acoustic sensing data."""
