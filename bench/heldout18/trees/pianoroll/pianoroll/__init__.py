"""pianoroll: polyphonic piano transcription (onsets and frames) in PyTorch."""
