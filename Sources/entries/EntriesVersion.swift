/// The version of `entries`, written in this one place: `entries --version` prints it, and the man
/// page (`make man`) and the completion scripts are generated from the same command definitions.
enum EntriesVersion {
    static let current = "0.16.0"
}
