import AppShell

/// The demo's items as a list data source: a title column and the item's number, right-aligned.
@MainActor
struct DemoItemsSource: ListDataSource {
    let items: [DemoItem]

    var count: Int { items.count }

    func row(at index: Int) -> ListRow {
        let item = items[index]
        return ListRow(columns: [StyledText(item.title), StyledText("#\(item.number)")])
    }
}

/// The demo's list: the items in a virtualized `ListView`. What Enter, `m` and `!` do is given by the
/// composition (main), not known here.
@MainActor
final class DemoListScene: Scene {
    let title = "Items"
    private let items: [DemoItem]
    private let list: ListView
    private let open: (DemoItem) -> Void
    private let presentAbout: () -> Void
    private let shellOut: () -> Void
    private let crash: (() -> Void)?
    private let busy: (() -> Void)?

    init(
        items: [DemoItem], theme: Theme, open: @escaping (DemoItem) -> Void, presentAbout: @escaping () -> Void,
        shellOut: @escaping () -> Void, crash: (() -> Void)?, busy: (() -> Void)? = nil
    ) {
        self.items = items
        self.list = ListView(
            dataSource: DemoItemsSource(items: items), theme: theme,
            columns: [ListColumn(.flexible(minimum: 10)), ListColumn(.fixed(6), alignment: .trailing)]
        )
        self.open = open
        self.presentAbout = presentAbout
        self.shellOut = shellOut
        self.crash = crash
        self.busy = busy
    }

    var keyHelp: [KeyHelp] {
        [
            KeyHelp(key: "↑/↓", summary: "move"), KeyHelp(key: "enter", summary: "open"),
            KeyHelp(key: "m", summary: "modal"), KeyHelp(key: "!", summary: "shell"),
        ]
    }

    func render(into buffer: inout Buffer, area: Rect) {
        list.render(into: &buffer, area: area)
    }

    func handle(_ key: Key) -> Bool {
        if list.handle(key) { return true }
        switch key {
        case .enter:
            guard let index = list.selectedIndex else { return false }
            open(items[index])
        case .character("m"): presentAbout()
        case .character("!"): shellOut()
        case .character("x") where crash != nil: crash?()
        case .character("b") where busy != nil: busy?()
        default: return false
        }
        return true
    }
}
