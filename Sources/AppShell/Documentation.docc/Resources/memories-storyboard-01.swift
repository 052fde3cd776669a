import AppShell

extension MemoriesController {
    /// The context's storyboard: its one scene and which key does what. It is data, checked against
    /// ``storyboardRegistry()`` when the controller loads it; an app may pass another file instead.
    public nonisolated static let storyboardText = """
        storyboard: Memories
        initial: memories
        scenes:
          memories:
            kind: MemoryList
            title: On this day
            help: "Entries written on this day of the year, in earlier years."
            keys: {enter: open}
        # Everywhere: close, help, and moving in the list (a widget moves only on keys bound here).
        keys:
          esc: done
          backspace: done
          "?": help
          down: down
          j: down
          up: up
          k: up
          home: first
          end: last
        """

    /// The built-in storyboard, for ``MemoriesController/init(repository:flow:presenter:storyboard:years:now:timeZone:)``.
    public nonisolated static func builtInStoryboard() -> StoryboardSource {
        .text(storyboardText, fileName: "Memories.storyboard")
    }
}
