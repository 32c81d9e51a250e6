import Foundation
import KeylexRuntime

/// What a corpus's words and shortcuts must be before a ``WordTable`` takes them.
extension WordTable {
    /// Checks a word as written at `location` (the column of its first scalar) and returns its NFC
    /// form, or reports why it is not a word and returns `nil`.
    public static func checkedWord(_ raw: Substring, at location: SourceLocation, diagnostics: DiagnosticEngine) -> String? {
        guard !raw.isEmpty else {
            diagnostics.report(location, .emptyWord)
            return nil
        }
        var column = location.column
        var mayNeedNormalization = false
        for scalar in raw.unicodeScalars {
            let value = scalar.value
            // Printable ASCII, and the Latin and Cyrillic letters that NFC leaves alone: nothing to check.
            if (value > 0x20 && value < 0x7F) || (value >= 0xC0 && isNormalizationStable(value)) {
                column += 1
                continue
            }
            if OrdinaryScalars.contains(value) {
                if !isNormalizationStable(value) { mayNeedNormalization = true }
                column += 1
                continue
            }
            func place() -> SourceLocation { SourceLocation(file: location.file, line: location.line, column: column) }
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                diagnostics.report(place(), .controlCharacterInWord(scalar))
                return nil
            case .unassigned:
                diagnostics.report(place(), .unassignedCharacterInWord(scalar))
                return nil
            case .format where value == 0x00AD:
                diagnostics.report(place(), .softHyphen)
                return nil
            case .format where isInvisible(scalar):
                diagnostics.report(place(), .invisibleCharacter(scalar))
                return nil
            case .privateUse:
                diagnostics.report(place(), .privateUseWord(scalar))
                column += 1
            case .spaceSeparator where !isInnerSpace(scalar, in: raw, column: column - location.column):
                diagnostics.report(place(), .whitespaceInWord(String(raw)))
                return nil
            default:
                if !isNormalizationStable(value) { mayNeedNormalization = true }
                column += 1
            }
        }
        var word = String(raw)
        if mayNeedNormalization && !isQuicklyNFC(word) { word = word.precomposedStringWithCanonicalMapping }
        let length = mayNeedNormalization ? word.unicodeScalars.count : column - location.column
        if length > DictionaryFormat.maxWordLength {
            diagnostics.report(location, .wordTooLong(length, limit: DictionaryFormat.maxWordLength))
            return nil
        }
        return word
    }

    /// Whether the standard library's quick check finds `word` in NFC already (most words of most
    /// scripts), so that Foundation's normalisation, far slower, is only asked of the others.
    private static func isQuicklyNFC(_ word: String) -> Bool {
        var span = word.utf8Span
        return span.checkForNFC(quickCheck: true)
    }

    /// Whether `scalar` is an invisible format character that has no place in a word: a
    /// bidirectional control (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069) or a zero-width
    /// space or word joiner (U+200B, U+2060, U+FEFF). The zero-width joiner and non-joiner (U+200D,
    /// U+200C) are letters' business in Persian, Indic scripts and emoji, and stay.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0x200B, 0x2060, 0xFEFF: return true
        default: return false
        }
    }

    /// Checks a shortcut's target: any text of up to ``DictionaryFormat/maxShortcutLength`` scalars
    /// without control characters (it may hold spaces and punctuation: `omw` → `On my way!`).
    public static func checkedShortcut(_ raw: Substring, at location: SourceLocation, diagnostics: DiagnosticEngine) -> String? {
        for (i, scalar) in raw.unicodeScalars.enumerated() {
            let category = scalar.properties.generalCategory
            if category == .control || category == .unassigned || category == .lineSeparator || category == .paragraphSeparator {
                diagnostics.report(
                    SourceLocation(file: location.file, line: location.line, column: location.column + i), .shortcutCharacter(scalar))
                return nil
            }
        }
        let text = String(raw).precomposedStringWithCanonicalMapping
        guard text.unicodeScalars.count <= DictionaryFormat.maxShortcutLength else {
            diagnostics.report(location, .shortcutTooLong(text.unicodeScalars.count, limit: DictionaryFormat.maxShortcutLength))
            return nil
        }
        return text
    }

    /// Whether `scalar`, the `index`th of `raw`, is a plain space between two words of a
    /// multi-word entry ("a priori", "één tiende"): not first, not last, not doubled.
    private static func isInnerSpace(_ scalar: Unicode.Scalar, in raw: Substring, column index: Int) -> Bool {
        let scalars = raw.unicodeScalars
        guard scalar == " ", index > 0, index < scalars.count - 1 else { return false }
        let at = scalars.index(scalars.startIndex, offsetBy: index)
        return scalars[scalars.index(before: at)] != " " && scalars[scalars.index(after: at)] != " "
    }

    /// Whether a scalar can neither change nor combine under NFC: Latin below the combining
    /// diacritics, and Cyrillic letters (its combining marks U+0483…U+0489 excluded).
    private static func isNormalizationStable(_ value: UInt32) -> Bool {
        value < 0x300 || (0x400...0x482).contains(value) || (0x48A...0x52F).contains(value)
    }
}

/// The scalars of the Basic Multilingual Plane that a word may hold without a second look: every
/// general category but those ``WordTable/checkedWord(_:at:diagnostics:)`` reports or inspects
/// (controls, separators, unassigned, format and private-use characters). A bit each, found once
/// from the standard library's properties: a word of Greek, Arabic or CJK letters is then checked
/// without a property lookup per letter.
private enum OrdinaryScalars {
    private static let bits: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
        for value in 0..<UInt32(0x10000) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .spaceSeparator, .unassigned, .format, .privateUse, .surrogate:
                continue
            default: bits[Int(value >> 6)] |= 1 << (value & 63)
            }
        }
        return bits
    }()

    static func contains(_ value: UInt32) -> Bool {
        value < 0x10000 && bits[Int(value >> 6)] & (1 << (value & 63)) != 0
    }
}
