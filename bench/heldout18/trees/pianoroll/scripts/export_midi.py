"""One-shot: transcribe a WAV file and write a MIDI file."""
import sys

import pretty_midi
import torch
import torchaudio

from pianoroll.config import TrainConfig
from pianoroll.model import Transcriber

cfg = TrainConfig()
wav, sr = torchaudio.load(sys.argv[1])
wav = torchaudio.functional.resample(wav.mean(0), sr, cfg.sample_rate).pin_memory()
model = Transcriber(cfg).cuda().eval()
model.load_state_dict(torch.load(sys.argv[2]))
mel = torchaudio.transforms.MelSpectrogram(cfg.sample_rate, hop_length=cfg.hop, n_mels=cfg.n_mels).cuda()
notes, _ = model.transcribe(torch.log1p(mel(wav.cuda(non_blocking=True))).T.unsqueeze(0))
pm = pretty_midi.PrettyMIDI()
piano = pretty_midi.Instrument(program=0)
for _, key, frame, pitch in notes.tolist():
    t = frame * cfg.hop / cfg.sample_rate
    piano.notes.append(pretty_midi.Note(velocity=80, pitch=pitch, start=t, end=t + 0.25))
pm.instruments.append(piano)
pm.write(sys.argv[3])
