import AppShell

/// Builds the demo's window and wires its scenes: the only place that knows which scene leads where.
@MainActor
final class DemoComposition {
    let window: Window
    private let router: DemoRouter

    init(
        items: [DemoItem], configuration: WindowConfiguration, colorSupport: ColorSupport,
        suspending: any TerminalSuspending, crashKeyEnabled: Bool, busyKeyEnabled: Bool
    ) {
        let router = DemoRouter(colorSupport: colorSupport, theme: configuration.theme, suspending: suspending)
        let list = DemoListScene(
            items: items, theme: configuration.theme,
            open: { router.open($0) }, presentAbout: { router.presentAbout() }, shellOut: { router.shellOut() },
            crash: crashKeyEnabled
                ? { preconditionFailure("shell-demo: crash requested with --enable-crash-key") } : nil,
            busy: busyKeyEnabled ? { BusyWork.spinForever() } : nil
        )
        let navigation = NavigationScene(root: list)
        window = Window(root: navigation, configuration: configuration)
        router.window = window
        router.navigation = navigation
        self.router = router
    }
}

/// The demo's moves between scenes, given the window and navigation once they exist.
@MainActor
final class DemoRouter {
    weak var window: Window?
    weak var navigation: NavigationScene?
    private let colorSupport: ColorSupport
    private let theme: Theme
    private let suspending: any TerminalSuspending

    init(colorSupport: ColorSupport, theme: Theme, suspending: any TerminalSuspending) {
        self.colorSupport = colorSupport
        self.theme = theme
        self.suspending = suspending
    }

    func open(_ item: DemoItem) {
        navigation?.stack.push(DemoDetailScene(item: item, theme: theme))
    }

    func presentAbout() {
        window?.present(DemoAboutScene(colorSupport: colorSupport, dismiss: { [weak self] in self?.window?.dismiss() }))
    }

    /// Runs a shell prompt with the UI suspended: the terminal is restored, then redrawn after.
    func shellOut() {
        _ = suspending.suspended {
            ShellCommand.run("printf '\\nshell-demo is suspended. Press Enter to return. '; read answer")
        }
        window?.showStatus("Back from the shell")
    }
}
