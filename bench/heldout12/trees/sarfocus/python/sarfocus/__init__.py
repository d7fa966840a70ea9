"""sarfocus: stripmap SAR focusing."""
