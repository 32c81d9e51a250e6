import Foundation

/// The lock one `keylex build` holds on its output directory (an `flock` on the directory itself, so
/// no file is added): a second build into the same directory fails at once with a clear message
/// instead of interleaving its writes. The kernel releases the lock when the process ends, however
/// it ends, so a killed build never leaves the directory locked.
final class BuildLock {
    private let descriptor: Int32

    /// Locks `directory`, which must exist and be a directory: anything else (a FIFO, a device) is
    /// refused at once, never waited on.
    init(directory: String) throws(AtomicFile.WriteError) {
        descriptor = open(directory, O_RDONLY | O_CLOEXEC | O_DIRECTORY | O_NONBLOCK)
        guard descriptor >= 0 else { throw AtomicFile.WriteError(path: directory, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            let reason =
                code == EWOULDBLOCK
                ? "another keylex build is writing into this directory; run one build at a time"
                : String(cString: strerror(code))
            throw AtomicFile.WriteError(path: directory, reason: reason)
        }
    }

    deinit { close(descriptor) }
}
