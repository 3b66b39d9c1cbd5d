"""The table's numbers: a creature's numbers after its conditions, attacks and saves, traits, damage builders, the threat."""
