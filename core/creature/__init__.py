"""A creature: its record and nested values, the bounds of each field, and the conditions it holds."""
