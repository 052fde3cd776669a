print("shell-demo: not built yet")
