import ArgumentParser
import KeylexRuntime

/// What `suggest` and `type` read alike: one to three bundles (for a user who types in several
/// languages) and a text, the user's dictionary and the autocorrect margin.
struct EngineOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "A compiled bundle, or two or three for a user who types in several languages, then the text (read from standard input, one per line, when absent).",
            valueName: "bundle.klx [bundle.klx …] [text]"))
    var arguments: [String] = []

    @Option(help: "A user dictionary file (learned and ignored words).")
    var user: String?

    @Option(
        help:
            "How far a correction must outscore an unknown word to replace it (default: the bundle's, else \(Int(SuggestionEngine.defaultAutocorrectMargin)))."
    )
    var autocorrectMargin: Float?

    /// The bundles: the first argument, and those after it that end in `.klx` (three at most).
    var files: [String] {
        Array(
            (arguments.prefix(1) + arguments.dropFirst().prefix { $0.hasSuffix(".klx") }).prefix(MultilingualSuggestionEngine.maxLanguages))
    }

    /// The text, if given: the argument after the bundles.
    var text: String? { arguments.count > files.count ? arguments.last : nil }

    func validate() throws {
        guard !arguments.isEmpty else { throw ValidationError("Missing a bundle.") }
        guard arguments.count <= files.count + 1 else {
            throw ValidationError(
                "Expected one to \(MultilingualSuggestionEngine.maxLanguages) bundles (.klx) and one text, got '\(arguments.joined(separator: "' '"))'."
            )
        }
        if let margin = autocorrectMargin, !margin.isFinite { throw ValidationError("--autocorrect-margin must be a number") }
    }

    /// The engines of the bundles, over the user's dictionary (an empty one in memory when
    /// `learning` without one).
    func engines(learning: Bool, offersEmoji: Bool) throws -> SuggestionEngines {
        try SuggestionEngines(
            files: files, user: openUserDictionary(user) ?? (learning ? UserDictionary() : nil), autocorrectMargin: autocorrectMargin,
            offersEmoji: offersEmoji)
    }
}

/// The engine of one bundle, or one over several languages (see ``MultilingualSuggestionEngine``).
struct SuggestionEngines {
    let single: SuggestionEngine
    let multilingual: MultilingualSuggestionEngine?

    /// The engines of bundles `files` (each reported by name when it cannot be opened).
    init(files: [String], user: UserDictionary?, autocorrectMargin: Float?, offersEmoji: Bool) throws {
        var engines: [SuggestionEngine] = []
        for file in files {
            do {
                var engine = try SuggestionEngine(contentsOf: file, userDictionary: user)
                if let autocorrectMargin { engine.autocorrectMargin = autocorrectMargin }
                engine.offersEmoji = offersEmoji
                engines.append(engine)
            } catch {
                throw openingFailure(error, file: file)
            }
        }
        single = engines[0]
        multilingual = engines.count > 1 ? MultilingualSuggestionEngine(engines: engines) : nil
    }

    func suggestions(for text: String, count: Int) -> [Suggestion] {
        multilingual?.suggestions(for: text, count: count) ?? single.suggestions(for: text, count: count)
    }

    /// A suggestion bar over the engine.
    func bar() -> SuggestionBar {
        multilingual.map { SuggestionBar(engine: $0) } ?? SuggestionBar(engine: single)
    }

    func learnFinishedWord(in text: String) throws {
        if let multilingual { try multilingual.learnFinishedWord(in: text) } else { try single.learnFinishedWord(in: text) }
    }
}
