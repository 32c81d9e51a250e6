/// Every diagnostic the compiler can give, defined once: its stable code (the raw value, printed
/// as `[code]` and used as the SARIF rule id), its severity and what it means. docs/DIAGNOSTICS.md
/// lists them, and a test keeps that list and this catalogue the same. The messages of each code
/// are worded in ``DiagnosticMessage`` (DiagnosticMessages.swift); a call site gives only the
/// specifics (the word, the closest known name).
public enum DiagnosticCode: String, CaseIterable, Sendable {
    // Files
    case unreadableFile = "unreadable-file"
    case invalidEncoding = "invalid-encoding"
    case invalidCompression = "invalid-compression"
    case lineTooLong = "line-too-long"
    case temporaryFile = "temporary-file"
    // Layout sources
    case malformedXml = "malformed-xml"
    case malformedJson = "malformed-json"
    case schemaViolation = "schema-violation"
    case unknownElement = "unknown-element"
    case unknownAttribute = "unknown-attribute"
    case unknownProperty = "unknown-property"
    case duplicateProperty = "duplicate-property"
    case unknownAction = "unknown-action"
    case unknownReturnType = "unknown-return-type"
    case unknownLayer = "unknown-layer"
    case unknownFormFactor = "unknown-form-factor"
    case unknownDirection = "unknown-direction"
    case unknownField = "unknown-field"
    case invalidWidth = "invalid-width"
    // Layouts
    case invalidLocale = "invalid-locale"
    case nonCanonicalLocale = "non-canonical-locale"
    case duplicateId = "duplicate-id"
    case missingValue = "missing-value"
    case unexpectedValue = "unexpected-value"
    case emptyText = "empty-text"
    case notNfc = "not-nfc"
    case multipleGraphemes = "multiple-graphemes"
    case duplicateVariant = "duplicate-variant"
    case duplicateCharacter = "duplicate-character"
    case emptyCallout = "empty-callout"
    case calloutDefaultNotVariant = "callout-default-not-variant"
    case unusedCallout = "unused-callout"
    case unusedShifted = "unused-shifted"
    case shiftChangesNothing = "shift-changes-nothing"
    case unreachableTransform = "unreachable-transform"
    case invalidStyle = "invalid-style"
    case missingTheme = "missing-theme"
    case duplicateStyle = "duplicate-style"
    case widthOutOfRange = "width-out-of-range"
    case multipleAvailable = "multiple-available"
    case rowOverflow = "row-overflow"
    case noRoom = "no-room"
    case limitExceeded = "limit-exceeded"
    case missingLayer = "missing-layer"
    case missingParent = "missing-parent"
    case missingCalloutLocale = "missing-callout-locale"
    case inheritanceCycle = "inheritance-cycle"
    case missingRow = "missing-row"
    case mixedRowPatch = "mixed-row-patch"
    case unresolvedReplacement = "unresolved-replacement"
    case untypableWords = "untypable-words"
    // Importers
    case missingReference = "missing-reference"
    case unsupportedConstruct = "unsupported-construct"
    case renamedLocale = "renamed-locale"
    // Layouts and corpora
    case controlCharacter = "control-character"
    case unassignedCharacter = "unassigned-character"
    case privateUseCharacter = "private-use-character"
    // Corpora
    case unknownFormat = "unknown-format"
    case emptyWord = "empty-word"
    case invalidCount = "invalid-count"
    case whitespaceInWord = "whitespace-in-word"
    case wordTooLong = "word-too-long"
    case invisibleCharacter = "invisible-character"
    case softHyphen = "soft-hyphen"
    case duplicateWord = "duplicate-word"
    case missingHeader = "missing-header"
    case invalidLine = "invalid-line"
    case invalidAttribute = "invalid-attribute"
    case unknownListAttribute = "unknown-list-attribute"
    case invalidEmojiLine = "invalid-emoji-line"
    case trimmedWhitespace = "trimmed-whitespace"
    case orphanShortcut = "orphan-shortcut"
    case emptyShortcut = "empty-shortcut"
    case invalidShortcut = "invalid-shortcut"
    case invalidBigram = "invalid-bigram"
    case invalidPhoneticRule = "invalid-phonetic-rule"
    case emptyCorpus = "empty-corpus"
    case invalidCountLine = "invalid-count-line"
    case unsortedCountFile = "unsorted-count-file"
    case unknownModelWords = "unknown-model-words"
    case invalidArpa = "invalid-arpa"
    case ignoredNgramOrder = "ignored-ngram-order"
    case modelWithoutCounts = "model-without-counts"
    case alphabetTooLarge = "alphabet-too-large"

    /// Whether the diagnostic is an error (the build fails, nothing is written) or a warning.
    public var severity: Severity { entry.severity }

    /// What the diagnostic means, in one line.
    public var summary: String { entry.summary }

    /// A code's severity and summary.
    private struct Entry {
        let severity: Severity
        let summary: String
        init(_ severity: Severity, _ summary: String) {
            self.severity = severity
            self.summary = summary
        }
    }

    /// The catalogue: one entry per code, each with its severity written out (no default, so a
    /// new code cannot become an error by being forgotten).
    private var entry: Entry {
        switch self {
        case .unreadableFile: Entry(.error, "a file or folder cannot be read (it is missing, a system error, or too large to import)")
        case .invalidEncoding: Entry(.error, "a file that is not UTF-8 (UTF-16 needs its byte order mark), or declares another encoding")
        case .invalidCompression:
            Entry(
                .error,
                "a gzip file cannot be decompressed, or decompresses past the size limit (1 GiB, a line counting as at least 16 bytes)")
        case .lineTooLong: Entry(.error, "a line is longer than the 1 MiB limit (the line is left out)")
        case .temporaryFile:
            Entry(
                .error,
                "the words sorted on disk (past the memory limit) cannot be written or read back: the disk is full, or the folder is not writable"
            )
        case .malformedXml: Entry(.error, "an XML layout is not well-formed")
        case .malformedJson: Entry(.error, "a JSON layout is not well-formed")
        case .schemaViolation: Entry(.error, "a layout breaks the schema (a missing attribute, a value of the wrong type)")
        case .unknownElement: Entry(.error, "an XML element the schema does not define")
        case .unknownAttribute: Entry(.error, "an XML attribute the schema does not define, with the closest known one")
        case .unknownProperty: Entry(.error, "a JSON property the schema does not define, with the closest known one")
        case .duplicateProperty: Entry(.error, "a JSON object names a property twice")
        case .unknownAction: Entry(.error, "a key action the compiler does not know, with the closest known one")
        case .unknownReturnType: Entry(.error, "a return key type the compiler does not know")
        case .unknownLayer: Entry(.error, "a layer kind the compiler does not know")
        case .unknownFormFactor: Entry(.error, "a form factor other than phone or tablet")
        case .unknownDirection:
            Entry(.error, "a text direction other than ltr or rtl, or a flick direction other than n, ne, e, se, s, sw, w or nw")
        case .unknownField: Entry(.error, "a field kind other than text, email, url or webSearch")
        case .invalidWidth: Entry(.error, "a key width that is not input, input*N, N% or Npt")
        case .invalidLocale: Entry(.error, "a locale tag that is not well-formed BCP 47")
        case .nonCanonicalLocale: Entry(.warning, "a locale tag not in its canonical case (fr-fr for fr-FR): compiled as the canonical tag")
        case .duplicateId:
            Entry(
                .error,
                "a locale, a layout of one form factor, a layer, a character's callouts, a transform's text, a key's flick or a theme defined twice"
            )
        case .missingValue: Entry(.error, "a key action that needs a value has none")
        case .unexpectedValue:
            Entry(.error, "a key action that takes no value (or no shifted output, flicks, multi-tap outputs or callout) has one")
        case .emptyText: Entry(.error, "an empty key output, label or replacement")
        case .notNfc: Entry(.error, "text that is not in Unicode Normalization Form C")
        case .controlCharacter: Entry(.error, "a control character in a key's text or a word (a NUL byte in raw text included)")
        case .unassignedCharacter: Entry(.error, "a code point Unicode does not assign")
        case .privateUseCharacter: Entry(.warning, "a private-use character (kept: some fonts draw them)")
        case .multipleGraphemes: Entry(.error, "a character key or callout typing more than one grapheme cluster")
        case .duplicateVariant: Entry(.error, "a callout lists the same variant twice")
        case .duplicateCharacter: Entry(.warning, "a row or layer has the same character key twice")
        case .emptyCallout: Entry(.error, "a callout with no variants")
        case .calloutDefaultNotVariant: Entry(.error, "a callout's default is not one of its variants")
        case .unusedCallout: Entry(.warning, "callouts for a character no key of the locale types")
        case .unusedShifted:
            Entry(.warning, "a shifted output that is not on the lowercased layer, or whose layout writes its uppercased layer")
        case .shiftChangesNothing:
            Entry(
                .warning,
                "a shift or caps lock key whose uppercased layer, derived by case mapping, is the lowercased layer again (a script without case)"
            )
        case .unreachableTransform:
            Entry(.warning, "a transform that never applies: an earlier one's text ends its own, so that one always matches first")
        case .invalidStyle: Entry(.error, "a theme's colour, number, font weight, appearance or kind of key that is not one")
        case .missingTheme: Entry(.error, "a locale or theme names a theme that no document defines, with the closest name")
        case .duplicateStyle: Entry(.warning, "a theme sets a property twice for the same keys and state (the later one wins)")
        case .widthOutOfRange: Entry(.error, "a key width outside the range its kind allows")
        case .multipleAvailable: Entry(.error, "a row with more than one key of width available")
        case .rowOverflow: Entry(.error, "a row whose fixed widths leave its other keys no room")
        case .noRoom: Entry(.error, "a key the runtime's geometry leaves with no width on its form factor")
        case .limitExceeded:
            Entry(
                .error,
                "more layers, rows, keys, callouts, transforms or text than the format holds, or an imported file's references nested too deep or expanding to too many elements"
            )
        case .missingLayer:
            Entry(
                .error,
                "a layer switch to a layer the layout lacks, a layout with no lowercased layer, or a field layout with no text layout")
        case .missingParent: Entry(.error, "a locale extends one that no layout defines, with the closest tag")
        case .missingCalloutLocale: Entry(.error, "callouts extend a locale that no layout defines")
        case .inheritanceCycle:
            Entry(.error, "locales or themes that extend each other, or imported files that include each other, in a cycle")
        case .missingRow: Entry(.error, "a row patch names a row the inherited layer lacks")
        case .mixedRowPatch: Entry(.error, "a layer both replaces its inherited rows and patches them")
        case .unresolvedReplacement: Entry(.error, "a replacement names a key the inherited layout does not have")
        case .untypableWords:
            Entry(
                .warning,
                "words of the locale's dictionary that its layout cannot type, even without their accents (the engine offers `Andrić` for `Andric`)"
            )
        case .missingReference:
            Entry(.error, "an imported file names a layout, mapping or set that is not there, or by a name that is not a plain file name")
        case .unsupportedConstruct:
            Entry(.warning, "a construct of an imported format that Keylex layouts cannot express (the message says what was kept)")
        case .renamedLocale: Entry(.warning, "an imported locale's tag is not well-formed BCP 47 or not unique, and is given another")
        case .unknownFormat: Entry(.error, "a corpus whose format neither its name nor --format gives")
        case .emptyWord: Entry(.error, "an entry with no word")
        case .invalidCount: Entry(.error, "a count or frequency that is not a whole number in range")
        case .whitespaceInWord: Entry(.error, "a word with a tab, a line break or spaces other than single ones between words")
        case .wordTooLong: Entry(.error, "a word or shortcut longer than the format's limit")
        case .invisibleCharacter: Entry(.warning, "a bidirectional control or zero-width character in a word (left out)")
        case .softHyphen: Entry(.warning, "a word with a soft hyphen (left out)")
        case .duplicateWord: Entry(.warning, "a word listed twice (counts merged)")
        case .missingHeader: Entry(.error, "an AOSP combined list without its dictionary= header")
        case .invalidLine: Entry(.error, "a combined-list line that is not an entry, a shortcut or a bigram")
        case .invalidEmojiLine: Entry(.warning, "an emoji annotations line that is not emoji, name and keywords (left out)")
        case .invalidAttribute: Entry(.error, "a combined-list header attribute that is not a name")
        case .unknownListAttribute:
            Entry(.warning, "a combined-list attribute the compiler does not know (kept in the header, ignored elsewhere)")
        case .trimmedWhitespace: Entry(.warning, "spaces around a combined-list word (trimmed)")
        case .orphanShortcut: Entry(.error, "a shortcut or bigram before any word")
        case .emptyShortcut: Entry(.error, "a shortcut with no text")
        case .invalidShortcut: Entry(.error, "a shortcut without its shortcut= or f=")
        case .invalidBigram: Entry(.error, "a bigram without its bigram= or f=")
        case .invalidPhoneticRule: Entry(.error, "a phonetic rule that does not parse, or past the rules' limits")
        case .emptyCorpus: Entry(.error, "a corpus with no word left to compile")
        case .invalidCountLine: Entry(.error, "an n-gram count line that is not one to three words, a tab and a count above 0")
        case .unsortedCountFile: Entry(.error, "a count file merged as a stream whose n-grams are not in the order of their bytes")
        case .unknownModelWords:
            Entry(.warning, "words of the n-gram counts that the dictionary does not have (n-grams with them are left out)")
        case .invalidArpa:
            Entry(
                .error,
                "an ARPA model that breaks the format (header, sections, counts, numbers), or one combined with other n-gram sources")
        case .ignoredNgramOrder: Entry(.warning, "n-grams of an order above 3 in an ARPA model (left out: the model holds up to trigrams)")
        case .modelWithoutCounts: Entry(.error, "n-gram sources for words without counts (a model needs the words' frequencies)")
        case .alphabetTooLarge: Entry(.error, "more distinct characters in the words than the format holds (65,535)")
        }
    }
}
