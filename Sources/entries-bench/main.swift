print("entries-bench: not built yet")
