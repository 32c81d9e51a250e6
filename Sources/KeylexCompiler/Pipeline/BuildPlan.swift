import Foundation

/// Which locales a `keylex build` writes and which it leaves as they are: each locale's inputs
/// (its corpus files, the layouts, the compiler version) fingerprinted and compared with what the
/// last build recorded (``BuildState``) and with the bundle on disk.
struct BuildPlan {
    /// The corpus locales (folders of the corpora directory) and the layout locales.
    let corpusTags: Set<String>
    let layoutTags: Set<String>
    /// The fingerprint of each locale's inputs.
    let inputPrints: [String: String]
    /// The locales whose bundle is as a build from the same inputs wrote it, sorted.
    let upToDate: [String]
    /// The locales to build, sorted.
    let stale: [String]

    /// The plan for `corpusPrints` (each corpus locale's files), `layoutPrint` (every layout
    /// source) and `emojiPrints` (each emoji annotations file, by tag) against `state`, the bundles
    /// being in `output` (see ``ProjectBuild/bundlePath(_:in:)``).
    init(
        corpusPrints: [String: String], layoutTags: Set<String>, layoutPrint: String?, emojiPrints: [String: String] = [:],
        state: BuildState, output: String
    ) {
        corpusTags = Set(corpusPrints.keys)
        self.layoutTags = layoutTags
        var inputPrints: [String: String] = [:]
        for tag in corpusTags.union(layoutTags) {
            var key = Fingerprint()
            key.add(CompilerVersion.fingerprint)
            key.add(ProjectBuild.corpus(for: tag, among: corpusTags).flatMap { corpusPrints[$0] } ?? "-")
            key.add(layoutTags.contains(tag) ? layoutPrint ?? "-" : "-")
            key.add(ProjectBuild.corpus(for: tag, among: Set(emojiPrints.keys)).flatMap { emojiPrints[$0] } ?? "-")
            inputPrints[tag] = key.hex
        }
        self.inputPrints = inputPrints
        let fresh = Set(
            inputPrints.keys.filter { tag in
                guard let entry = state.locales[tag], entry.inputs == inputPrints[tag],
                    let bytes = FileManager.default.contents(atPath: ProjectBuild.bundlePath(tag, in: output))
                else { return false }
                return Fingerprint.of(bytes) == entry.output
            })
        upToDate = fresh.sorted()
        stale = inputPrints.keys.filter { !fresh.contains($0) }.sorted()
    }

    /// The corpus locale whose dictionary `tag` takes, if any.
    func corpus(for tag: String) -> String? { ProjectBuild.corpus(for: tag, among: corpusTags) }

    /// The corpus locales that the stale locales take their dictionaries from.
    var neededCorpora: Set<String> { Set(stale.compactMap(corpus(for:))) }
}
