/// Stands in for an app's controller (its App Controller, its CEO) while the controller cannot exist
/// yet: hand it to the contexts as their flow and presenter, build the controller over the contexts,
/// then ``connect(to:window:)``. Every call is passed on to the controller.
///
/// The contexts need their flow when they are made, and the controller directs the contexts, so one
/// of them has to learn of the other afterwards. The relay does it once, so that the controller can
/// hold its contexts in `let`s and nobody forwards calls by hand: each flow protocol's module makes the
/// relay conform to it when the controller does (`ControllerRelay: EntriesFlow where Controller:
/// EntriesFlow`), and ``ModalPresenter`` is done here.
///
/// ```swift
/// let relay = ControllerRelay<DeskController>()
/// let entries = try EntriesController(dependencies: .init(flow: relay, presenter: relay, ...))
/// let controller = DeskController(window: window, entries: entries)
/// relay.connect(to: controller, window: window)
/// ```
///
/// The relay holds the controller weakly (the controller owns the contexts, which own the relay), so
/// whoever owns the controller must keep it while the window runs. A call that finds no controller is
/// not dropped in silence: it is a ``ControllerRelayError``, shown in the window's status line, kept in
/// ``lastFailure`` and thrown by the calls that can throw; a message for the status line is shown
/// anyway, and `quit` still ends the window, so a user is never left in an app whose keys do nothing.
@MainActor
public final class ControllerRelay<Controller: AnyObject> {
    /// The controller calls go to, once connected and while its owner keeps it.
    public private(set) weak var controller: Controller?
    /// Where a call that finds no controller is reported; weak: the controller's owner owns it.
    private weak var window: Window?
    private var isConnected = false
    /// The last call that found no controller, if any (for a host's tests and its logs).
    public private(set) var lastFailure: ControllerRelayError?

    /// A relay connected to nothing yet: calls before ``connect(to:window:)`` fail with
    /// ``ControllerRelayError/notConnected(controller:call:)``.
    public init() {}

    /// From now on every call goes to `controller`; one that finds it gone is reported in `window`'s
    /// status line. Connecting again replaces both.
    public func connect(to controller: Controller, window: Window) {
        self.controller = controller
        self.window = window
        isConnected = true
    }

    /// The controller, or why there is none: not connected yet, or connected to one that is gone
    /// (its owner let it go while the contexts still run). Does not report: see ``forward(_:_:)``.
    public func resolve(for call: String) throws(ControllerRelayError) -> Controller {
        if let controller { return controller }
        let name = String(describing: Controller.self)
        throw isConnected ? .controllerGone(controller: name, call: call) : .notConnected(controller: name, call: call)
    }

    /// Passes `call` (named for the report) on to the controller; with none, reports the failure and
    /// returns `fallback`.
    public func forward<Value>(_ call: String, or fallback: Value, _ body: (Controller) -> Value) -> Value {
        do {
            return body(try resolve(for: call))
        } catch {
            report(error)
            return fallback
        }
    }

    /// Passes `call` (named for the report) on to the controller; with none, reports the failure.
    public func forward(_ call: String, _ body: (Controller) -> Void) {
        forward(call, or: (), body)
    }

    /// Passes a throwing `call` on to the controller; with none, reports the failure and throws it.
    public func forwardThrowing(_ call: String, _ body: (Controller) throws -> Void) throws {
        let controller: Controller
        do {
            controller = try resolve(for: call)
        } catch {
            report(error)
            throw error
        }
        try body(controller)
    }

    /// `quit` passed on to the controller; with none, the failure is reported and the window ends
    /// anyway: quitting must always work.
    public func forwardQuit(_ body: (Controller) -> Void) {
        do {
            body(try resolve(for: "quit"))
        } catch {
            report(error)
            window?.quit()
        }
    }

    /// A message for the status line passed on to the controller; with none, the window shows `text`
    /// itself (nothing is lost: the status line needs no controller) and the failure is kept in
    /// ``lastFailure``, unless the message is the report of a failure already kept.
    public func forwardStatus(_ call: String, text: String, kind: StatusKind, _ body: (Controller) -> Void) {
        do {
            body(try resolve(for: call))
        } catch {
            if lastFailure.map({ $0.description != text }) ?? true { lastFailure = error }
            window?.showStatus(text, kind: kind)
        }
    }

    private func report(_ failure: ControllerRelayError) {
        lastFailure = failure
        window?.showStatus(failure.description, kind: .error)
    }
}

/// A call a ``ControllerRelay`` could not pass on: a mistake of the host app, said in words it can act on.
public enum ControllerRelayError: Error, Equatable, CustomStringConvertible {
    /// The call came before ``ControllerRelay/connect(to:window:)``.
    case notConnected(controller: String, call: String)
    /// The controller was let go by its owner while its contexts still run.
    case controllerGone(controller: String, call: String)

    /// What went wrong and what the host app does about it.
    public var description: String {
        switch self {
        case .notConnected(let controller, let call):
            return "\(call) did nothing: the relay is not connected to its \(controller) yet (call connect(to:window:) "
                + "once the controller is made)"
        case .controllerGone(let controller, let call):
            return "\(call) did nothing: the \(controller) is gone (keep its owner, such as the app's factory, "
                + "while its window runs)"
        }
    }
}

extension ControllerRelay: ModalPresenter where Controller: ModalPresenter {
    /// The controller's presented scene; nil with no controller (a question, not a move: nothing to report).
    public var presentedScene: (any Scene)? { controller?.presentedScene }
    /// Passed on to the controller.
    public func present(_ scene: any Scene) { forward("present") { $0.present(scene) } }
    /// Passed on to the controller.
    public func dismiss() { forward("dismiss") { $0.dismiss() } }
    /// Passed on to the controller.
    public func toggleHelp() { forward("help") { $0.toggleHelp() } }
    /// Passed on to the controller.
    public func requestRepaint() { forward("repaint") { $0.requestRepaint() } }
    /// Passed on to the controller; throws ``ControllerRelayError`` with no controller.
    public func presentContext(named name: String) throws {
        try forwardThrowing("opening \(name)") { try $0.presentContext(named: name) }
    }
}
