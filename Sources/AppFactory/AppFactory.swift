import AppShell
import EntriesContext
import EntryStore
import SettingsContext

/// Builds every long-lived object once and injects the App Controller.
public enum AppFactoryPlaceholder {}
