extension Container {
    /// The dictionary of a whole container nested in `section` from `offset` to its end (the keys of
    /// the `phon` and `emji` sections), holding `wordCount` words; `nil` when it does not open so.
    func nestedDictionary(in section: ByteView, from offset: Int, wordCount: Int) -> WordDictionary? {
        guard let inner = try? section.slice(offset, section.count - offset, "nested dictionary"),
            let dictionary = try? WordDictionary(container: Container(storage: storage.nested(inner))),
            dictionary.wordCount == wordCount
        else { return nil }
        return dictionary
    }
}
