"""cfrpoker: Deep CFR for heads-up no-limit hold'em."""
