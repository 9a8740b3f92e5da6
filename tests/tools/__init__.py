"""What the tools behind the make targets produce, checked quickly."""
