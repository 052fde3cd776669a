import AppShell
import EntryStore

/// The Entries context.
public enum EntriesContext {}
