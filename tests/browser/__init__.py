"""Tests that drive a real browser."""
