"""Reusable widgets: they show data handed down and post messages up, never apply rules."""
