import Foundation

/// The files an importer may read: those inside one folder, named by plain names, each read whole
/// up to a size limit (JSON parsed with the place of every value, so that diagnostics point into
/// the imported files). Importers treat their inputs as untrusted: nothing outside the folder is read
/// (a name with `/` or `..`, or a symbolic link leading out, is refused) and nothing is fetched.
final class ImportedFiles {
    let folder: String
    let diagnostics: DiagnosticEngine
    private let realFolder: String
    private var parsed: [String: JSONNode?] = [:]
    /// Larger files are refused (FlorisBoard's largest is 40 KB, CLDR's 414 KB).
    static let maxFileSize = 8 << 20

    init(folder: String, diagnostics: DiagnosticEngine) {
        self.folder = folder
        self.diagnostics = diagnostics
        realFolder = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    }

    /// Whether `name` can name a file or folder here: letters, digits, `_`, `-` and `.`, not
    /// starting with `.`.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0))
            }
    }

    /// The path of `components` (each a plain name) inside the folder.
    func path(_ components: [String]) -> String {
        components.reduce(folder) { ($0 as NSString).appendingPathComponent($1) }
    }

    /// The JSON file at `components` inside the folder, parsed once; `nil` (with a diagnostic at
    /// `reference`, the place that named it) when a name is not plain or the file is missing, too
    /// large or not JSON.
    func json(_ components: [String], what: String, name: String, reference: SourceLocation) -> JSONNode? {
        let path = path(components)
        if let cached = parsed[path] { return cached }
        let node = bytes(components, what: what, name: name, reference: reference).flatMap {
            JSONReader.parse($0, path: path, diagnostics: diagnostics)
        }
        parsed[path] = node
        return node
    }

    /// The bytes of the file at `components` inside the folder, checked to be UTF-8; `nil` (with a
    /// diagnostic at `reference`) when a name is not plain or the file is missing or too large.
    func bytes(_ components: [String], what: String, name: String, reference: SourceLocation) -> [UInt8]? {
        guard components.allSatisfy(Self.isPlainName) else {
            diagnostics.report(reference, .unsafeReference(what, name))
            return nil
        }
        return read(path(components), what: what, name: name, reference: reference)
    }

    private func read(_ path: String, what: String, name: String, reference: SourceLocation) -> [UInt8]? {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard real.hasPrefix(realFolder + "/"), FileManager.default.fileExists(atPath: real) else {
            diagnostics.report(reference, .missingReference(what, name, expected: path))
            return nil
        }
        // A folder, FIFO or device is no file to import (a FIFO would wait for a writer).
        guard FileInput.isRegularFile(real) else {
            diagnostics.report(SourceLocation(file: path), .unreadableFile("not a regular file (a folder, a FIFO or a device)"))
            return nil
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: real)[.size] as? Int) ?? nil, size > Self.maxFileSize {
            diagnostics.report(SourceLocation(file: path), .fileTooLarge(most: Self.maxFileSize))
            return nil
        }
        guard let data = FileManager.default.contents(atPath: real) else {
            diagnostics.report(SourceLocation(file: path), FileInput.Failure.of(path))
            return nil
        }
        let bytes = [UInt8](data)
        return SourcePositions.checkUTF8(bytes, path: path, diagnostics: diagnostics) ? bytes : nil
    }
}

/// Reading parsed JSON without a schema: each accessor is `nil` when the value has another type.
extension JSONNode {
    subscript(_ key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    var text: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// A whole number within ±2^31.
    var integer: Int? {
        guard case .number(let number) = value, number == number.rounded(), abs(number) < 2_147_483_648 else { return nil }
        return Int(number)
    }

    var items: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    var members: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }
}
