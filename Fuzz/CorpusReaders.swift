// Fuzz target `corpus`: reads the input in every corpus format (plain and gzip-compressed where
// it is gzip) and compiles what was accepted into a dictionary, read back by the runtime.
import Glibc
import KeylexCompiler
import KeylexRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCorpus(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let isGzip = size >= 2 && data[0] == 0x1F && data[1] == 0x8B
    for format in [CorpusFormat.txt, .tsv, .combined] {
        let path = "/tmp/keylex-fuzz-corpus-\(getpid()).\(format)" + (isGzip ? ".gz" : "")
        guard let file = fopen(path, "wb") else { return 0 }
        fwrite(data, 1, size, file)
        fclose(file)
        let diagnostics = DiagnosticEngine()
        var table = WordTable()
        CorpusReader(diagnostics: diagnostics).read(path, format: format, into: &table)
        unlink(path)
        guard table.finish(diagnostics: diagnostics), diagnostics.errorCount == 0, table.count > 0 else { continue }
        let compiled = DictionaryCompiler.compile(table)
        if let dictionary = try? WordDictionary(bytes: compiled.bytes) { _ = dictionary.completions(of: "a", count: 3) }
    }
    return 0
}
