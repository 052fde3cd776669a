print("entries: the terminal UI is not built yet")
