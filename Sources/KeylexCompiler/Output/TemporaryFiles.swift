import Foundation
import Glibc

/// The temporary files and folders this process is writing (``AtomicFile``'s files, ``SpillFolder``s).
///
/// Each is held with an `flock` from the moment it is made until it goes, so that a later run can
/// tell what a killed process left (which nobody holds) from another run's work in progress, and
/// remove only the former (``removeLeftovers(in:of:)``). An interrupted process (SIGINT, SIGTERM,
/// SIGHUP) removes its own before it ends (``removeOnInterrupt()``).
public enum TemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var live = Set<String>()
    nonisolated(unsafe) private static var signalSources: [DispatchSourceSignal] = []

    /// Records `path` as made by this process, before it is made: an interruption removes it.
    static func add(_ path: String) {
        lock.withLock { _ = live.insert(path) }
    }

    /// Forgets `path`, once it is renamed or removed.
    static func remove(_ path: String) {
        lock.withLock { _ = live.remove(path) }
    }

    /// Holds the file or folder open as `descriptor` for as long as it stays open.
    static func hold(_ descriptor: Int32) {
        if descriptor >= 0 { _ = flock(descriptor, LOCK_EX | LOCK_NB) }
    }

    /// Removes the temporary files and folders of `path` (`out.klx.tmp-…` for `out.klx`) that no
    /// process holds.
    static func removeLeftovers(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        removeLeftovers(in: folder.isEmpty ? "." : folder, of: (path as NSString).lastPathComponent)
    }

    /// Removes the temporary files and folders in `folder` that no process holds: those of the
    /// target named `target`, or all of them.
    static func removeLeftovers(in folder: String, of target: String? = nil) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where AtomicFile.isTemporary(name) && (target.map { name.hasPrefix($0 + AtomicFile.temporaryMarker) } ?? true) {
            let path = (folder as NSString).appendingPathComponent(name)
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { continue }  // not ours to judge
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { try? FileManager.default.removeItem(atPath: path) }
            close(descriptor)
        }
    }

    /// From now on, SIGINT, SIGTERM or SIGHUP removes this process's temporary files and folders,
    /// then ends the process by that signal, as it would have ended. A signal the process was
    /// started ignoring (a background job's SIGINT) stays ignored.
    public static func removeOnInterrupt() {
        lock.withLock {
            guard signalSources.isEmpty else { return }
            for signal in [SIGINT, SIGTERM, SIGHUP] {
                // `signal` gives the previous disposition: nil for the default one.
                let previous = Glibc.signal(signal, SIG_IGN)
                guard previous.map({ unsafeBitCast($0, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) }) ?? true else { continue }
                let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
                source.setEventHandler { removeAllAndEnd(by: signal) }
                source.resume()
                signalSources.append(source)
            }
        }
    }

    /// Removes what this process made and ends it by `signal`, keeping the lock so that nothing
    /// new is made meanwhile.
    private static func removeAllAndEnd(by signal: Int32) -> Never {
        lock.lock()
        for path in live { removeWhileWritten(path) }
        _ = Glibc.signal(signal, SIG_DFL)
        var signals = sigset_t()  // this queue's thread blocks signals: let this one through
        sigemptyset(&signals)
        sigaddset(&signals, signal)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        raise(signal)
        _exit(128 + signal)  // not reached
    }

    /// Removes `path`, which another thread may still be writing into: it is first renamed, so
    /// that no file can be added to a folder while it is emptied (which would leave it behind).
    private static func removeWhileWritten(_ path: String) {
        let away = AtomicFile.temporaryPath(beside: path)
        try? FileManager.default.removeItem(atPath: rename(path, away) == 0 ? away : path)
    }
}

/// A temporary folder (of sorted runs, of counted n-grams), named like ``AtomicFile``'s temporary
/// files beside a base path and held while it exists (see ``TemporaryFiles``). It is made when its
/// first file is, after removing the leftovers of killed runs beside the same base, and removed
/// with everything in it by ``remove()`` or when the last reference goes.
final class SpillFolder {
    let path: String
    private let base: String
    private var made = false
    private var descriptor: Int32 = -1
    private var files = 0

    init(beside base: String) {
        self.base = base
        path = AtomicFile.temporaryPath(beside: base)
    }

    deinit { remove() }

    /// The path of a new file in the folder, named after `name`.
    func newFile(_ name: String) throws(AtomicFile.WriteError) -> String {
        if !made { try make() }
        files += 1
        return "\(path)/\(name)-\(files)"
    }

    private func make() throws(AtomicFile.WriteError) {
        TemporaryFiles.removeLeftovers(of: base)
        TemporaryFiles.add(path)
        guard mkdir(path, 0o700) == 0 else {
            let reason = String(cString: strerror(errno))
            TemporaryFiles.remove(path)
            throw AtomicFile.WriteError(path: path, reason: reason)
        }
        made = true
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        TemporaryFiles.hold(descriptor)
    }

    /// Removes the folder and everything in it.
    func remove() {
        guard made else { return }
        try? FileManager.default.removeItem(atPath: path)
        if descriptor >= 0 { close(descriptor) }
        (made, descriptor) = (false, -1)
        TemporaryFiles.remove(path)
    }
}
