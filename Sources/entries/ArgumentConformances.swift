import ArgumentParser
import EntryInterchange
import EntryModel

// The store's enums used as option values: `--sort newest`, `--format csv`.
extension EntrySortOrder: ExpressibleByArgument {}
extension ImportFormat: ExpressibleByArgument {}
extension ExportFormat: ExpressibleByArgument {}
