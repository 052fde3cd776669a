/// A segue that a context's code performs by its identifier, not through a key: the code's side of
/// the storyboard. The registry declares it (``StoryboardRegistry/requireSegue(_:carrying:purpose:example:)``,
/// ``StoryboardRegistry/expectUnwind(_:purpose:whenMissing:example:)``) and the loader checks it with
/// the rest of the file, so a storyboard that lacks it, or wires it where the code's value cannot go,
/// is refused at start with file:line instead of failing when the user gets there.
public struct SegueContract: Hashable, Sendable {
    /// Which way the code moves through the segue.
    public enum Direction: Hashable, Sendable {
        /// Forward (push, present or replace) with a value, to a scene whose kind needs that value.
        case forward(carrying: SegueValueDescriptor)
        /// Back (an unwind).
        case unwind
    }

    /// The segue's identifier in the storyboard.
    public var identifier: String
    /// Whether the code performs the segue forward with a value or as an unwind.
    public var direction: Direction
    /// Required segues are errors when missing; optional ones are warnings that say what happens
    /// without them.
    public var isRequired: Bool
    /// What the code does with it, for messages ("shows an entry picked in another context").
    public var purpose: String
    /// For an optional segue: what happens without it ("the details stay and say the entry is gone").
    public var whenMissing: String?
    /// A line to paste into `segues:` ("showDetails: {from: list, to: details, kind: push}").
    public var example: String
}
