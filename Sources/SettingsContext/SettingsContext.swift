import AppShell
import EntryStore

/// The Settings context.
public enum SettingsContext {}
