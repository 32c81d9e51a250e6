import ArgumentParser
import Foundation
import KeylexRuntime

/// `keylex inspect`: what a compiled file holds.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show a compiled file's words, states, arcs and section sizes.")

    @Argument(help: "A compiled file.")
    var file: String

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Also check every section's checksum.")
    var verify = false

    /// The report, as printed.
    struct Report: Encodable {
        struct Section: Encodable {
            let tag: String
            let offset: Int
            let bytes: Int
        }
        let file: String
        let formatVersion: String
        let bytes: Int
        let words: Int
        let states: Int
        let arcs: Int
        let alphabet: Int
        let hasFrequencies: Bool
        let bytesPerWord: Double
        let sections: [Section]
    }

    func run() throws {
        let dictionary = try openDictionary(file)
        let container = dictionary.container
        if verify {
            do { try container.verifyChecksums() } catch {
                printError("error: \(file): \(error)")
                throw Status.inputErrors
            }
        }
        let report = Report(
            file: file, formatVersion: "\(container.majorVersion).\(container.minorVersion)", bytes: container.byteCount,
            words: dictionary.wordCount, states: dictionary.stateCount, arcs: dictionary.arcCount,
            alphabet: dictionary.alphabet.count, hasFrequencies: dictionary.hasFrequencies,
            bytesPerWord: dictionary.wordCount == 0 ? 0 : (Double(container.byteCount) / Double(dictionary.wordCount) * 100).rounded() / 100,
            sections: container.sections.map { .init(tag: $0.tag.description, offset: $0.offset, bytes: $0.length) })
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        print("""
        file:        \(report.file)
        format:      \(report.formatVersion)
        bytes:       \(report.bytes) (\(report.bytesPerWord) per word)
        words:       \(report.words)
        states:      \(report.states)
        arcs:        \(report.arcs)
        alphabet:    \(report.alphabet) symbols
        frequencies: \(report.hasFrequencies ? "yes" : "no")
        sections:
        """)
        for section in report.sections {
            print("  \(section.tag)  \(String(section.bytes).leftPadded(10)) bytes at \(section.offset)")
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
