"""The PF2-family table (conftest.FAMILY_CASES): each row for each system it names."""

from __future__ import annotations

from core import get_system


def test_family_table(family_case, target, rng_from):
    system, defenses, damage, options, expected = family_case
    options = dict(options)
    rng = rng_from(options.pop("rng", None))
    traits = options.pop("traits", "living")
    rs = get_system(system)
    c = target(rs, defenses, traits=traits)
    out = rs.apply_damage(c, damage, rng=rng, **options)
    assert out.total == expected, out.steps
    assert rng.left == 0, "not every scripted die was rolled"
