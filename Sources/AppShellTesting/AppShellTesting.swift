import AppShell

/// Screen assertions for headless tests of scenes built with AppShell.
public enum AppShellTesting {}
