import Foundation

/// A 64-bit FNV-1a fingerprint of bytes: enough to tell that an input or output changed (it is
/// not meant to resist deliberate collisions).
struct Fingerprint {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
    }

    /// Adds `text` and a separator, so that ("ab", "c") and ("a", "bc") differ.
    mutating func add(_ text: String) {
        add(text.utf8)
        add([0])
    }

    /// Adds a file's path and contents; `false` when it cannot be read.
    mutating func add(file path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        add(path)
        add(String(data.count))
        add(data)
        return true
    }

    var hex: String { String(value, radix: 16) }

    static func of(_ bytes: some Sequence<UInt8>) -> String {
        var fingerprint = Fingerprint()
        fingerprint.add(bytes)
        return fingerprint.hex
    }
}

/// What the last successful `keylex build` wrote into an output directory, kept beside the
/// bundles in `.keylex-build.json`: per locale, the fingerprint of its inputs (with the compiler
/// version) and of the bundle written. A locale whose inputs and bundle are unchanged is not rebuilt.
struct BuildState: Codable, Equatable {
    static let fileName = ".keylex-build.json"

    struct Entry: Codable, Equatable {
        /// The fingerprint of the compiler version and every input of the bundle.
        var inputs: String
        /// The fingerprint of the bundle's bytes.
        var output: String
    }

    /// The fingerprint of every layout source, and the locales they define (so that unchanged
    /// layouts need not be read to know them).
    var layouts: String?
    var layoutLocales: [String] = []
    var locales: [String: Entry] = [:]

    /// The state recorded in `directory`, or an empty one when there is none (or it is unreadable).
    static func load(from directory: String) -> BuildState {
        let path = (directory as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: path),
            let state = try? JSONDecoder().decode(BuildState.self, from: data)
        else { return BuildState() }
        return state
    }

    /// Writes the state into `directory` (atomically).
    func save(to directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(Array(try encoder.encode(self)) + [0x0A], to: (directory as NSString).appendingPathComponent(Self.fileName))
    }
}
