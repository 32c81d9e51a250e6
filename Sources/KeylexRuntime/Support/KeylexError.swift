#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a compiled Keylex file could not be opened or read.
///
/// Every reader in the runtime reports a damaged, truncated or hostile file through this type;
/// none of them traps.
public enum KeylexError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or mapped; `errno` is the C library's error number.
    case io(path: String, operation: String, errno: Int32)
    /// The first eight bytes are not Keylex's magic.
    case badMagic
    /// The format's major version is one this runtime cannot read.
    case unsupportedVersion(major: UInt16, minor: UInt16)
    /// The file requires a feature (a bit of the header's feature flags) this runtime lacks.
    case unsupportedFeatures(UInt32)
    /// The file has a required section (its tag starts with an upper-case letter) that this runtime
    /// does not know: a newer compiler wrote a feature older readers cannot do without.
    case unsupportedSection(String)
    /// The bytes end before the structure they describe does.
    case truncated(String)
    /// A CRC32C does not match: `section` is the four-letter tag, or "header".
    case checksumMismatch(section: String)
    /// A section the reader needs is absent.
    case missingSection(String)
    /// The bytes are inconsistent (an offset or count out of range, a malformed number…).
    case malformed(String)

    public var description: String {
        switch self {
        case let .io(path, operation, code): return "\(path): cannot \(operation): \(Self.reason(code))"
        case .badMagic: return "not a Keylex file (bad magic)"
        case let .unsupportedVersion(major, minor): return "unsupported format version \(major).\(minor)"
        case let .unsupportedFeatures(bits): return "unsupported required features 0x\(String(bits, radix: 16))"
        case let .unsupportedSection(tag): return "unsupported required section \(tag): the file needs a newer Keylex runtime"
        case let .truncated(what): return "truncated file: \(what)"
        case let .checksumMismatch(section): return "checksum mismatch in \(section)"
        case .missingSection("DICT"): return "the file has no dictionary (section DICT): it was built from layouts alone"
        case .missingSection("LAYT"): return "the file has no layouts (section LAYT): it was built from a word list alone"
        case let .missingSection(tag): return "missing section \(tag)"
        case let .malformed(what): return "malformed file: \(what)"
        }
    }

    /// The C library's one-line text for error number `code` ("No such file or directory").
    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
