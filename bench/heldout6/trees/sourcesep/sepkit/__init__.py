"""Music source separation (vocals / drums / bass / other)."""
