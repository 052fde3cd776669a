import AppShell
import EntryUI

extension EntriesController {
    /// The scene kind a list row's layout lays out (`kind: EntryList`) with its outlets: check an
    /// app's own layout with `LayoutLoader(kinds: [EntriesController.listRowLayoutKind])`.
    public nonisolated static var listRowLayoutKind: LayoutKind { EntryListLayout.kind }
    /// The list row's layout the context ships (`EntryList.layout`, compiled).
    public nonisolated static var builtInListRowLayout: Layout { EntryListLayout.builtIn }
}
