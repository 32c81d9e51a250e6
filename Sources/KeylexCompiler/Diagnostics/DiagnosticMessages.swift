import KeylexRuntime

/// A diagnostic as the catalogue words it: its code and its message (with the likely fix, when
/// there is one). Call sites pick a message by name and give only the specifics; every message
/// the compiler prints is written here once, under its code (see ``DiagnosticCode``).
public struct DiagnosticMessage: Sendable, Hashable {
    public let code: DiagnosticCode
    public let text: String
    public let fix: FixIt?

    private init(_ code: DiagnosticCode, _ text: String, fix: FixIt? = nil) {
        self.code = code
        self.text = Self.cut(text, to: Self.maxLength)
        self.fix = fix
    }

    /// A message ending in "(did you mean '…'?)" when a closest known name was found, with that
    /// name as the fix.
    private init(_ code: DiagnosticCode, _ text: String, writing name: String, closest: String?, after: String = "") {
        self.init(
            code, text + (closest.map { " (did you mean '\($0)'?)" } ?? "") + after,
            fix: closest.map { FixIt(original: name, replacement: $0) })
    }
}

// MARK: Files
extension DiagnosticMessage {
    static func unreadableFile(_ reason: String) -> Self { Self(.unreadableFile, "cannot read file (\(reason))") }
    static func unreadableFolder(_ what: String) -> Self { Self(.unreadableFile, "cannot read the \(what) directory") }
    static func fileTooLarge(most: Int) -> Self { Self(.unreadableFile, "the file is larger than the \(most >> 20) MiB an importer reads") }
    static func invalidSequence(_ encoding: String) -> Self { Self(.invalidEncoding, "invalid \(encoding) sequence") }
    static let utf16WithoutBOM = Self(
        .invalidEncoding,
        "the file looks like UTF-16 without a byte order mark (every other byte is zero): save it as UTF-8, or as UTF-16 with a BOM")
    static let oddUTF16 = Self(.invalidEncoding, "UTF-16 file ends in the middle of a code unit")
    static func declaredEncoding(_ declared: String) -> Self {
        Self(.invalidEncoding, "the document declares encoding '\(Self.excerpt(declared))'; XML files are read as UTF-8 only")
    }
    static func invalidCompression(_ reason: String) -> Self { Self(.invalidCompression, "cannot decompress: \(reason)") }
    static func temporaryFileFailed(_ reason: String) -> Self {
        Self(.temporaryFile, "cannot write or read the words sorted on disk (\(reason)): free some space, or raise --memory-limit")
    }
    static func lineTooLong(limit: Int) -> Self {
        Self(.lineTooLong, "line longer than \(limit) bytes: split it, or check that the file is a word list")
    }
}

// MARK: Layout sources
extension DiagnosticMessage {
    /// libxml2's own words for what is not well-formed.
    static func malformedXml(_ parserMessage: String) -> Self { Self(.malformedXml, parserMessage) }
    static let documentType = Self(.malformedXml, "document type declarations are not allowed")
    static func malformedJson(_ detail: String) -> Self { Self(.malformedJson, detail) }
    /// libxml2's report of what breaks the schema.
    static func schemaViolation(_ report: String) -> Self { Self(.schemaViolation, report) }
    /// libxml2's report of an element the schema does not allow.
    static func unknownElement(_ report: String) -> Self { Self(.unknownElement, report) }
    /// libxml2's report of an attribute the schema does not allow, with the closest allowed one.
    static func unknownAttribute(_ report: String, attribute: String, closest: String?) -> Self {
        Self(.unknownAttribute, report, writing: attribute, closest: closest)
    }
    static func missingProperty(_ owner: String, _ name: String) -> Self {
        Self(.schemaViolation, "the \(owner) has no '\(Self.excerpt(name))'")
    }
    static let incompleteReplacement = Self(.schemaViolation, "a replacement needs 'key' and 'with'")
    static func invalidStyle(_ text: String, expected: String, closest: String?) -> Self {
        Self(.invalidStyle, "'\(Self.excerpt(text))' is not \(expected)", writing: text, closest: closest)
    }
    static let kindAndAction = Self(.schemaViolation, "a key style names a kind of key or an action, not both")
    static let valueWithoutAction = Self(
        .schemaViolation, "a key style's 'value' needs an 'action' (the keys of that action with that value)")
    static let charsAndKeys = Self(.schemaViolation, "a row has either a 'chars' attribute or key elements, not both")
    static func wrongType(expected: String, found: String) -> Self { Self(.schemaViolation, "expected \(expected), found \(found)") }
    static func unknownProperty(_ name: String, in owner: String, closest: String?) -> Self {
        Self(.unknownProperty, "unknown property '\(Self.excerpt(name))' in \(owner)", writing: name, closest: closest)
    }
    static func duplicateProperty(_ name: String) -> Self { Self(.duplicateProperty, "duplicate property '\(Self.excerpt(name))'") }
    static func unknownAction(_ name: String, closest: String?) -> Self {
        Self(.unknownAction, "unknown action '\(Self.excerpt(name))'", writing: name, closest: closest)
    }
    static func unknownReturnType(_ name: String, closest: String?) -> Self {
        Self(.unknownReturnType, "unknown return type '\(Self.excerpt(name))'", writing: name, closest: closest)
    }
    static func unknownLayer(_ id: String, closest: String?) -> Self {
        Self(.unknownLayer, "unknown layer '\(Self.excerpt(id))'", writing: id, closest: closest, after: "; mark custom layers as custom")
    }
    static func customStandardLayer(_ id: String) -> Self {
        Self(.unknownLayer, "'\(Self.excerpt(id))' is a standard layer and cannot be custom")
    }
    static func unknownFormFactor(_ name: String) -> Self {
        Self(.unknownFormFactor, "unknown form factor '\(Self.excerpt(name))' (expected phone or tablet)")
    }
    static func unknownField(_ name: String, closest: String?) -> Self {
        Self(
            .unknownField, "unknown field '\(Self.excerpt(name))'", writing: name, closest: closest,
            after: " (expected text, email, url or webSearch)")
    }
    static func unknownFlickDirection(_ name: String, closest: String?) -> Self {
        Self(
            .unknownDirection, "unknown flick direction '\(Self.excerpt(name))'", writing: name, closest: closest,
            after: " (expected n, ne, e, se, s, sw, w or nw)")
    }
    static func malformedFlick(_ token: String) -> Self {
        Self(.schemaViolation, "'\(Self.excerpt(token))' is not a flick: write a direction, a colon and what it types (n:い)")
    }
    static func unknownDirection(_ name: String) -> Self {
        Self(.unknownDirection, "unknown direction '\(Self.excerpt(name))' (expected ltr or rtl)")
    }
    static func invalidWidth(_ text: String) -> Self {
        Self(.invalidWidth, "'\(Self.excerpt(text))' is not a key width (input, input*1.5, 25%, 60pt or available)")
    }
}

// MARK: Layouts
extension DiagnosticMessage {
    static func invalidLocale(_ tag: String) -> Self {
        Self(.invalidLocale, "'\(Self.excerpt(tag))' is not a well-formed BCP 47 language tag")
    }
    static func nonCanonicalLocale(_ tag: String, _ canonical: String) -> Self {
        Self(
            .nonCanonicalLocale, "the locale '\(Self.excerpt(tag))' is written '\(Self.excerpt(canonical))' (compiled as that)",
            fix: FixIt(original: tag, replacement: canonical))
    }
    static func duplicateLocale(_ tag: String, first: SourceLocation) -> Self {
        Self(.duplicateId, "locale '\(Self.excerpt(tag))' is already defined at \(first.description)")
    }
    static func duplicateLayout(_ formFactor: FormFactor, _ field: FieldKind, first: SourceLocation) -> Self {
        Self(.duplicateId, "a second \(layoutKind(formFactor, field)) layout (the first is at \(first.description))")
    }
    /// How messages name a layout: its form factor, then its field unless text (`phone email`).
    static func layoutKind(_ formFactor: FormFactor, _ field: FieldKind) -> String {
        field == .text ? "\(formFactor)" : "\(formFactor) \(field)"
    }
    static func fieldWithoutTextLayout(_ formFactor: FormFactor, _ field: FieldKind, locale: String) -> Self {
        Self(
            .missingLayer,
            "the \(formFactor) \(field) layout of '\(Self.excerpt(locale))' changes its \(formFactor) text layout, which it does not have")
    }
    static func duplicateLayer(_ id: String, first: SourceLocation) -> Self {
        Self(.duplicateId, "layer '\(Self.excerpt(id))' is already defined at \(first.description)")
    }
    static func duplicateTransform(_ from: String, first: SourceLocation) -> Self {
        Self(.duplicateId, "a transform of '\(Self.excerpt(from))' is already defined at \(first.description)")
    }
    static func unreachableTransform(_ from: String, earlier: String, at location: SourceLocation) -> Self {
        Self(
            .unreachableTransform,
            "the transform of '\(Self.excerpt(from))' never applies: the earlier transform of '\(Self.excerpt(earlier))' (\(location.description)) matches whenever it would"
        )
    }
    static func duplicateCallout(_ character: String, first: SourceLocation) -> Self {
        Self(.duplicateId, "callouts for '\(Self.excerpt(character))' are already defined at \(first.description)")
    }
    static func unexpectedValue(_ action: KeyActionKind) -> Self { Self(.unexpectedValue, "a \(action) key takes no value") }
    static func missingValue(_ action: KeyActionKind) -> Self { Self(.missingValue, "a \(action) key needs a value") }
    static func unexpectedShifted(_ action: KeyActionKind) -> Self {
        Self(.unexpectedValue, "a \(action) key types nothing, so it has no shifted output (only character and text keys do)")
    }
    static func unexpectedGesture(_ action: KeyActionKind, _ what: String) -> Self {
        Self(.unexpectedValue, "a \(action) key types nothing, so it has no \(what) (only character and text keys do)")
    }
    static let typingCalloutAction = Self(
        .unexpectedValue, "a callout action types nothing: what a long press types goes in the key's callout")
    static func duplicateFlick(_ direction: FlickDirection) -> Self {
        Self(.duplicateId, "the key has two flicks in the direction '\(Self.excerpt(direction))'")
    }
    static func unusedShifted(_ layer: String) -> Self {
        Self(
            .unusedShifted,
            "this shifted output is never used: only the lowercased layer's are, when the uppercased layer is derived (this key is on '\(Self.excerpt(layer))')"
        )
    }
    static func shiftChangesNothing(_ action: KeyActionKind) -> Self {
        Self(
            .shiftChangesNothing,
            "this \(action) key changes nothing: case mapping leaves every key of the lowercased layer as it is, so the derived uppercased layer is the same; leave the key out or write an uppercased layer"
        )
    }
    static let emptyText = Self(.emptyText, "empty text")
    static func notNfc(_ text: String, nfc: String) -> Self {
        Self(.notNfc, "'\(Self.excerpt(text))' is not in Unicode normalization form C (write '\(Self.excerpt(nfc))')")
    }
    static func multipleGraphemes(_ text: String) -> Self {
        Self(.multipleGraphemes, "'\(Self.excerpt(text))' is \(text.count) grapheme clusters; a character key types one (use a text key)")
    }
    static func emptyCallout(_ character: String) -> Self {
        Self(.emptyCallout, "the callout of '\(Self.excerpt(character))' has no variants")
    }
    static func duplicateVariant(_ variant: String, of character: String) -> Self {
        Self(.duplicateVariant, "variant '\(Self.excerpt(variant))' appears twice in the callout of '\(Self.excerpt(character))'")
    }
    static func calloutDefaultNotVariant(_ variant: String, of character: String) -> Self {
        Self(.calloutDefaultNotVariant, "the default '\(Self.excerpt(variant))' is not one of the variants of '\(Self.excerpt(character))'")
    }
    static func duplicateCharacter(_ character: String, layer: String, first: SourceLocation) -> Self {
        Self(.duplicateCharacter, "'\(Self.excerpt(character))' is already on layer '\(Self.excerpt(layer))' at \(first.description)")
    }
    static func unusedCallout(_ character: String, locale: String) -> Self {
        Self(.unusedCallout, "no layer of '\(Self.excerpt(locale))' shows '\(Self.excerpt(character))', so its callout is never used")
    }
    static func widthOutOfRange(_ width: String, _ allowed: String) -> Self {
        Self(.widthOutOfRange, "width '\(Self.excerpt(width))' is out of range: \(allowed)")
    }
    static let multipleAvailable = Self(.multipleAvailable, "a second 'available' key in the row; only one key can take what is left")
    static func rowOverflow(fixed: Int, of width: Int, _ formFactor: FormFactor) -> Self {
        Self(
            .rowOverflow,
            "fixed widths take \(fixed) of the \(width) points of the narrowest \(formFactor) keyboard, leaving no room for the row's other keys"
        )
    }
    static func noRoom(_ formFactor: FormFactor, width: Int) -> Self {
        Self(
            .noRoom,
            "this key gets no room on a \(formFactor) keyboard \(width) points wide: the row with the least room per input key sets the input width, and this row's other keys fill it"
        )
    }
    static func limitExceeded(_ owner: String, has count: Int, _ what: String, most: Int) -> Self {
        Self(.limitExceeded, "\(owner) has \(count) \(what), more than the \(most) a bundle can hold")
    }
    static func noLowercasedLayer(_ formFactor: FormFactor, locale: String) -> Self {
        Self(.missingLayer, "the \(formFactor) layout of '\(Self.excerpt(locale))' has no lowercased layer")
    }
    static func missingLayer(_ id: String, _ formFactor: FormFactor, locale: String, closest: String?) -> Self {
        Self(
            .missingLayer, "layer '\(Self.excerpt(id))' does not exist in the \(formFactor) layout of '\(Self.excerpt(locale))'",
            writing: id, closest: closest)
    }
    static func missingParent(_ tag: String, extends parent: String, closest: String?) -> Self {
        Self(
            .missingParent, "'\(Self.excerpt(tag))' extends '\(Self.excerpt(parent))', which no layout defines", writing: parent,
            closest: closest)
    }
    static func missingTheme(_ id: String, closest: String?) -> Self {
        Self(.missingTheme, "no document defines the theme '\(Self.excerpt(id))'", writing: id, closest: closest)
    }
    static func duplicateTheme(_ id: String, first: SourceLocation) -> Self {
        Self(.duplicateId, "theme '\(Self.excerpt(id))' is already defined at \(first.description)")
    }
    static func duplicateStyle(_ property: StyleProperty, selector: String, first: SourceLocation) -> Self {
        Self(
            .duplicateStyle,
            "'\(Self.excerpt(property))' of '\(Self.excerpt(selector))' is already set at \(first.description); this one wins")
    }
    static func missingCalloutLocale(_ parent: String, closest: String?) -> Self {
        Self(.missingCalloutLocale, "callouts extend '\(Self.excerpt(parent))', which no layout defines", writing: parent, closest: closest)
    }
    static func themeCycle(_ ids: [String]) -> Self { Self(.inheritanceCycle, "theme inheritance cycle: \(ids.joined(separator: " → "))") }
    static func inheritanceCycle(_ tags: [String]) -> Self {
        Self(.inheritanceCycle, "inheritance cycle: \(tags.joined(separator: " → "))")
    }
    static func missingInheritedLayer(row: Int, layer: String) -> Self {
        Self(.missingRow, "row \(row) replaces a row of the inherited layer '\(Self.excerpt(layer))', which does not exist")
    }
    static func missingRow(_ row: Int, layer: String, rows: Int) -> Self {
        Self(.missingRow, "row \(row) does not exist: the inherited layer '\(Self.excerpt(layer))' has \(rows) row\(rows == 1 ? "" : "s")")
    }
    static func mixedRowPatch(_ layer: String) -> Self {
        Self(.mixedRowPatch, "layer '\(Self.excerpt(layer))' mixes rows with and without an index")
    }
    static func unresolvedReplacement(_ key: String, _ formFactor: FormFactor) -> Self {
        Self(.unresolvedReplacement, "no key types '\(Self.excerpt(key))' in the \(formFactor) layout")
    }
    static func untypableWords(_ count: Int, of total: Int, corpus: String, locale: String, examples: [String]) -> Self {
        let listed = examples.map { "'\($0)'" }.joined(separator: ", ")
        return Self(
            .untypableWords,
            "\(count) of \(total) words of \(corpus) cannot be typed on the layouts of '\(Self.excerpt(locale))', even without their accents, for example \(listed)"
        )
    }
}

// MARK: Importers
extension DiagnosticMessage {
    static func missingReference(_ what: String, _ name: String, expected path: String) -> Self {
        Self(.missingReference, "no \(what) '\(Self.excerpt(name))' (looked for \(path))")
    }
    static func unsafeReference(_ what: String, _ name: String) -> Self {
        Self(
            .missingReference,
            "the \(what) '\(Self.excerpt(name))' is not a plain name (letters, digits, '_', '-', '.'); only files inside the imported folder are read"
        )
    }
    static func unsupportedConstruct(_ construct: String, kept: String) -> Self {
        Self(.unsupportedConstruct, "\(construct) cannot be expressed in a Keylex layout: \(kept)")
    }
    /// What a Keylex layout has that an exported format cannot say.
    static func unexportableConstruct(_ construct: String, format: String, kept: String) -> Self {
        Self(.unsupportedConstruct, "\(construct) cannot be expressed in \(format): \(kept)")
    }
    static let cldrDisplayTarget = Self(.schemaViolation, "a <display> names a key (keyId) or an output, one of the two")
    static let emptyTransformGroup = Self(.schemaViolation, "an empty <transformGroup>")
    static func cldrKeyDoesNothing(_ id: String) -> Self {
        Self(.schemaViolation, "the key '\(Self.excerpt(id))' has no output, gap or layerId")
    }
    static func duplicateCLDR(_ what: String, _ name: String, first: SourceLocation) -> Self {
        Self(.duplicateId, "\(what) '\(Self.excerpt(name))' is already defined at \(first.description)")
    }
    static let notCLDRKeyboard = Self(.schemaViolation, "not a CLDR keyboard 3.0 file (a <keyboard3> element with a locale)")
    static func malformedCLDRText(_ text: String, _ problem: String) -> Self {
        Self(.schemaViolation, "'\(Self.excerpt(text))' cannot be read: \(problem)")
    }
    static func nestedTooDeep(_ what: String, most: Int) -> Self {
        Self(.limitExceeded, "\(what) nest more than \(most) deep; the rest is left out")
    }
    static func expandsTooFar(_ what: String, most: Int) -> Self {
        Self(.limitExceeded, "with its \(what) expanded, the keyboard has more than \(most) elements; the rest is left out")
    }
    static func tooManyTransforms(most: Int) -> Self {
        Self(
            .limitExceeded,
            "with this transform, the keyboard's transforms, once their sets are expanded, are more than the \(most) a bundle can hold")
    }
    static func chainTooLong(_ what: String, _ name: String, most: Int) -> Self {
        Self(
            .limitExceeded,
            "the \(what) '\(Self.excerpt(name))' extends a chain of more than \(most) \(what)s (itself included); it is left out")
    }
    static func includeCycle(_ names: [String]) -> Self { Self(.inheritanceCycle, "include cycle: \(names.joined(separator: " → "))") }
    static func noLayoutSet(_ locale: String) -> Self {
        Self(
            .schemaViolation,
            "the subtype '\(Self.excerpt(locale))' names no KeyboardLayoutSet, and the list of supported subtypes in method.xml's comment gives it none"
        )
    }
    static func renamedLocale(_ tag: String, _ new: String, reason: String) -> Self {
        Self(
            .renamedLocale, "the locale '\(Self.excerpt(tag))' \(reason); imported as '\(Self.excerpt(new))'",
            fix: FixIt(original: tag, replacement: new))
    }
}

// MARK: Characters, in layouts and corpora
extension DiagnosticMessage {
    /// `U+` and at least four hexadecimal digits.
    private static func hex(_ scalar: Unicode.Scalar) -> String {
        "U+" + scalar.hexDigits(uppercase: true)
    }

    static func controlCharacter(_ scalar: Unicode.Scalar) -> Self { Self(.controlCharacter, "control character \(hex(scalar))") }
    static func controlCharacterInWord(_ scalar: Unicode.Scalar) -> Self {
        Self(.controlCharacter, "control character \(hex(scalar)) in word")
    }
    static func shortcutCharacter(_ scalar: Unicode.Scalar) -> Self { Self(.controlCharacter, "character \(hex(scalar)) in shortcut") }
    static let nulInText = Self(.controlCharacter, "NUL character (U+0000) in text; the line is left out")
    static func unassignedCharacter(_ scalar: Unicode.Scalar) -> Self { Self(.unassignedCharacter, "unassigned character \(hex(scalar))") }
    static func unassignedCharacterInWord(_ scalar: Unicode.Scalar) -> Self {
        Self(.unassignedCharacter, "unassigned character \(hex(scalar)) in word")
    }
    static func surrogate(_ scalar: Unicode.Scalar) -> Self { Self(.unassignedCharacter, "surrogate \(hex(scalar))") }
    static func privateUseKey(_ scalar: Unicode.Scalar) -> Self {
        Self(.privateUseCharacter, "private-use character \(hex(scalar)) shows differently on each system")
    }
    static func privateUseWord(_ scalar: Unicode.Scalar) -> Self {
        Self(.privateUseCharacter, "private-use character \(hex(scalar)) in word: it shows only with a font that defines it")
    }
}

// MARK: Corpora
extension DiagnosticMessage {
    static let unknownFormat = Self(.unknownFormat, "unknown corpus format; name one with --format (txt, tsv, combined, text)")
    static let emptyWord = Self(.emptyWord, "empty word")
    static let emptyWordBeforeTab = Self(.emptyWord, "empty word before the tab")
    static let entryWithoutWord = Self(.emptyWord, "entry has no word")
    static func countNotNumber(_ text: Substring) -> Self { Self(.invalidCount, "count '\(Self.excerpt(text))' is not a whole number") }
    static func missingFrequency(_ word: String) -> Self { Self(.invalidCount, "entry for '\(Self.excerpt(word))' has no 'f='") }
    static func invalidFrequency(_ value: Substring, _ range: ClosedRange<Int>, or alternative: String? = nil) -> Self {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)" + (alternative.map { " or '\($0)'" } ?? "")
        return Self(.invalidCount, "frequency 'f=\(value)' is not \(expected)")
    }
    static func spaceInBigram(_ word: String) -> Self {
        Self(.whitespaceInWord, "a space inside the bigram's word '\(Self.excerpt(word))' (a bigram's second word is one word)")
    }
    static func whitespaceInWord(_ word: String) -> Self {
        Self(
            .whitespaceInWord,
            "whitespace inside word '\(Self.excerpt(word))' (only single spaces between the words of an entry are allowed)")
    }
    static func wordTooLong(_ length: Int, limit: Int) -> Self {
        Self(.wordTooLong, "word is \(length) characters long; the limit is \(limit)")
    }
    static func shortcutTooLong(_ length: Int, limit: Int) -> Self {
        Self(.wordTooLong, "shortcut is \(length) characters long; the limit is \(limit)")
    }
    static func invisibleCharacter(_ scalar: Unicode.Scalar) -> Self {
        Self(
            .invisibleCharacter,
            "invisible character \(hex(scalar)) in word: the word is left out (no keyboard types it, and it hides what the word is)")
    }
    static let softHyphen = Self(.softHyphen, "soft hyphen in word: the word is left out (a hyphenation hint, not part of a word)")
    /// `earlier`: a place where the word was seen before (its first within the same batch of words,
    /// when the words went through runs on disk past the memory limit).
    static func duplicateWord(_ word: String, earlier: SourceLocation) -> Self {
        Self(.duplicateWord, "duplicate word '\(Self.excerpt(word))' (seen before at \(earlier.description)); counts merged")
    }
    static let missingHeader = Self(.missingHeader, "expected the 'dictionary=…' header of an AOSP combined word list")
    static let invalidLine = Self(.invalidLine, "expected ' word=…', '  shortcut=…' or '  bigram=…'")
    static let invalidEmojiLine = Self(.invalidEmojiLine, "expected 'emoji<TAB>name<TAB>keyword|keyword|…': the line is left out")
    static func invalidAttribute(_ key: Substring) -> Self {
        Self(.invalidAttribute, "header attribute '\(Self.excerpt(key))' is not a name")
    }
    static func unknownHeaderAttribute(_ key: Substring) -> Self {
        Self(.unknownListAttribute, "unknown header attribute '\(Self.excerpt(key))' (kept)")
    }
    static func unknownListAttribute(_ key: Substring, of owner: String) -> Self {
        Self(.unknownListAttribute, "unknown \(owner) attribute '\(Self.excerpt(key))' (ignored)")
    }
    static func trimmedWhitespace(_ word: String) -> Self {
        Self(.trimmedWhitespace, "spaces around the word '\(Self.excerpt(word))' (trimmed)")
    }
    static func orphanShortcut(_ kind: String) -> Self { Self(.orphanShortcut, "a \(kind) must follow the word it belongs to") }
    static let emptyShortcut = Self(.emptyShortcut, "empty shortcut")
    static let invalidShortcut = Self(.invalidShortcut, "a shortcut needs 'shortcut=' and 'f='")
    static let invalidBigram = Self(.invalidBigram, "a bigram needs 'bigram=' and 'f='")
    /// The phonetic rules parser's own account of the rule.
    static func invalidPhoneticRule(_ detail: String) -> Self { Self(.invalidPhoneticRule, detail) }
    static let emptyCorpus = Self(.emptyCorpus, "the corpus has no words")
    static let invalidCountLine = Self(
        .invalidCountLine, "expected an n-gram of 1 to 3 words separated by spaces, a tab and a count above 0")
    static func unsortedCountFile(previous: Int) -> Self {
        Self(
            .unsortedCountFile,
            "the n-grams are not sorted by their bytes: this one should come before line \(previous)'s (count files from keylex count and its Spark job are)"
        )
    }
    static func invalidARPA(_ detail: String) -> Self { Self(.invalidArpa, detail) }
    static let modelWithoutCounts = Self(
        .modelWithoutCounts,
        "the words have no counts, so the dictionary gets no frequencies and no n-gram model "
            + "(its word probabilities come from the frequencies): give the words as a frequency list (.tsv, .combined) or as text (--format text)"
    )
    static func unsupportedNGramOrder(_ order: Int, most: Int) -> Self {
        Self(.ignoredNgramOrder, "\(order)-grams are left out: the model holds n-grams of up to \(most) words")
    }
    static func unknownModelWords(_ count: Int, occurrences: UInt64, examples: [String]) -> Self {
        Self(
            .unknownModelWords,
            "\(count) words of the n-gram source (\(occurrences) occurrences) are not in the dictionary, n-grams with them are left out: "
                + examples.map { "'\($0)'" }.joined(separator: ", ") + (count > examples.count ? ", …" : ""))
    }
    static func alphabetTooLarge(_ size: Int, limit: Int) -> Self {
        Self(.alphabetTooLarge, "the words use \(size) distinct characters; the limit is \(limit)")
    }
}
