"""Rules as data, read once: damage vocabulary, condition names, adversary ranks, what each system offers."""
