/// AppShell: a small UIKit for the terminal. See README.md ("Architecture").
public enum AppShell {}
