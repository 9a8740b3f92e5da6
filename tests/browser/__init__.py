"""A person's clicks and keys in a real Chromium, and the accessibility audit."""
