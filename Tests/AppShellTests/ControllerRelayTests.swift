import AppShell
import AppShellTesting
import XCTest

/// The relay a host hands its contexts before its controller exists: calls reach the controller once
/// connected, and a call that finds no controller (not connected yet, or let go by its owner) is a
/// named failure in the status line, not silence; quitting works without a controller.
final class ControllerRelayTests: XCTestCase {
    func testACallReachesTheControllerOnceConnected() throws {
        try onMainActor {
            let window = Window(root: MessageScene(title: "Home", message: ""))
            let relay = ControllerRelay<RecordingController>()
            let controller = RecordingController()
            relay.connect(to: controller, window: window)
            relay.present(MessageScene(title: "Over", message: ""))
            relay.toggleHelp()
            XCTAssertNoThrow(try relay.presentContext(named: "Calendar"))
            XCTAssertEqual(controller.calls, ["present Over", "help", "context Calendar"])
            XCTAssertNil(relay.lastFailure)
            XCTAssertNil(window.statusMessage)
        }
    }

    func testACallBeforeConnectingIsAFailureNamedForTheHost() throws {
        try onMainActor {
            let relay = ControllerRelay<RecordingController>()
            relay.dismiss()
            XCTAssertEqual(relay.lastFailure, .notConnected(controller: "RecordingController", call: "dismiss"))
            XCTAssertThrowsError(try relay.presentContext(named: "Trash")) { error in
                XCTAssertEqual(
                    error as? ControllerRelayError,
                    .notConnected(controller: "RecordingController", call: "opening Trash"))
            }
        }
    }

    func testACallAfterTheControllerIsGoneSaysSoInTheStatusLine() throws {
        try onMainActor {
            let window = Window(root: MessageScene(title: "Home", message: ""))
            let relay = ControllerRelay<RecordingController>()
            do {
                let controller = RecordingController()
                relay.connect(to: controller, window: window)
            }
            XCTAssertNil(relay.controller, "nothing kept the controller")
            XCTAssertThrowsError(try relay.presentContext(named: "Calendar")) { error in
                XCTAssertEqual(
                    error as? ControllerRelayError,
                    .controllerGone(controller: "RecordingController", call: "opening Calendar"))
            }
            relay.requestRepaint()
            XCTAssertEqual(relay.lastFailure, .controllerGone(controller: "RecordingController", call: "repaint"))
            XCTAssertEqual(window.statusMessage?.kind, .error)
            XCTAssertEqual(
                window.statusMessage?.text,
                "repaint did nothing: the RecordingController is gone (keep its owner, such as the app's factory, "
                    + "while its window runs)")
        }
    }

    func testAStatusMessageIsShownEvenWithoutAController() {
        onMainActor {
            let window = Window(root: MessageScene(title: "Home", message: ""))
            let relay = ControllerRelay<RecordingController>()
            do {
                let controller = RecordingController()
                relay.connect(to: controller, window: window)
            }
            relay.forwardStatus("showMessage", text: "Saved", kind: .info) { $0.calls.append("Saved") }
            XCTAssertEqual(window.statusMessage, StatusMessage("Saved"))
            XCTAssertEqual(relay.lastFailure, .controllerGone(controller: "RecordingController", call: "showMessage"))
            // The report of a failure, passed on as an error to show, shows and stays the failure kept.
            relay.dismiss()
            let failure = relay.lastFailure
            relay.forwardStatus("showError", text: failure?.description ?? "", kind: .error) { _ in }
            XCTAssertEqual(relay.lastFailure, failure)
            XCTAssertEqual(window.statusMessage?.text, failure?.description)
        }
    }

    func testQuitEndsTheWindowEvenWithoutAController() {
        onMainActor {
            let window = Window(root: MessageScene(title: "Home", message: ""))
            let relay = ControllerRelay<RecordingController>()
            var controller: RecordingController? = RecordingController()
            if let controller { relay.connect(to: controller, window: window) }
            relay.forwardQuit { $0.calls.append("quit") }
            XCTAssertEqual(controller?.calls, ["quit"])
            XCTAssertFalse(window.isFinished, "the controller decides how to quit while there is one")
            controller = nil
            relay.forwardQuit { $0.calls.append("quit") }
            XCTAssertTrue(window.isFinished)
            XCTAssertEqual(relay.lastFailure, .controllerGone(controller: "RecordingController", call: "quit"))
        }
    }
}

/// A controller that records what reached it.
@MainActor
private final class RecordingController: ModalPresenter {
    var calls: [String] = []
    var presentedScene: (any Scene)? { nil }
    func present(_ scene: any Scene) { calls.append("present \(scene.title)") }
    func dismiss() { calls.append("dismiss") }
    func toggleHelp() { calls.append("help") }
    func requestRepaint() { calls.append("repaint") }
    func presentContext(named name: String) throws { calls.append("context \(name)") }
}
