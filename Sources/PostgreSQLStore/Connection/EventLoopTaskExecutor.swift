import NIOCore

/// Runs a task's nonisolated code on one NIO event loop: for the few steps that must happen on a
/// connection's own loop with nothing of the connection's I/O in between (see ``PipelinedCopy``).
///
/// Each job is handed to the loop with `execute`; a job that calls into more nonisolated async code
/// stays on the loop (the runtime switches executors only when they differ), so a check made there
/// still holds when the code it guards writes to the connection's channel.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
