/// A type-safe token for a value that travels along segues: `SegueValueType<Item>("item")`.
///
/// A scene kind declares the tokens it offers (its selection) and the one it needs (its input). The
/// validator compares them when the storyboard is loaded, so a segue whose destination needs an
/// `item` but whose source offers none is an error in the file, not a crash when the key is pressed.
///
/// ```swift
/// extension SegueValueType where Value == Item {
///     static let item = SegueValueType("item")
/// }
/// ```
public struct SegueValueType<Value>: Hashable, Sendable {
    /// The name used in messages and graphs ("item").
    public let name: String

    /// Creates a token named `name`; declare each one once, as a static property.
    public init(_ name: String) {
        self.name = name
    }

    /// The token without its static type, as the registry and the validator see it.
    public var descriptor: SegueValueDescriptor {
        // `_typeName` is what `String(describing:)` prints for a type, without its three dynamic casts
        // (is a metatype `TextOutputStreamable`, …?): each one's first time scans every protocol
        // conformance of the program, and the registries ask for dozens of value types at start.
        SegueValueDescriptor(
            name: name, typeName: _typeName(Value.self, qualified: false), typeID: ObjectIdentifier(Value.self))
    }
}

/// A segue value token seen at run time: its name and its Swift type. Two descriptors match when both
/// name and type are the same.
public struct SegueValueDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The name used in messages and graphs ("item").
    public let name: String
    /// The Swift type's name, for messages (`Item`).
    public let typeName: String
    let typeID: ObjectIdentifier

    /// "`item` (Item)".
    public var description: String { "`\(name)` (\(typeName))" }
}
