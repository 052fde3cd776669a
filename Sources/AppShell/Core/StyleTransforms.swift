extension Style {
    /// This style drawn over `base`: default colours fall through to `base`'s, attributes add up.
    public func over(_ base: Style) -> Style {
        Style(
            foreground: foreground == .default ? base.foreground : foreground,
            background: background == .default ? base.background : background,
            attributes: attributes.union(base.attributes)
        )
    }

    /// This style with attributes only, for terminals or users without colour (`NO_COLOR`).
    ///
    /// A coloured background (a selection, a bar) becomes reverse video so it stays visible.
    public var withoutColor: Style {
        var attributes = attributes
        if background != .default { attributes.insert(.reverse) }
        return Style(attributes: attributes)
    }

    /// This style with extra attributes.
    public func adding(_ extra: Attributes) -> Style {
        var style = self
        style.attributes.formUnion(extra)
        return style
    }
}
