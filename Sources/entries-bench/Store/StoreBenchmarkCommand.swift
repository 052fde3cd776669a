/// The `store` benchmark's command line (work in progress).
enum StoreBenchmarkCommand {
    static func run(arguments: [String]) -> Int32 {
        print("store benchmark: not written yet")
        return 1
    }
}
