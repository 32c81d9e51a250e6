// Fuzz target `userwords`: loads the input as a user-words file, then changes and saves it, and
// checks that it reads back as the words are.
import Glibc
import KeylexRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUserWords(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = "/tmp/keylex-fuzz-userwords-\(getpid()).txt"
    guard let file = fopen(path, "wb") else { return 0 }
    fwrite(data, 1, size, file)
    fclose(file)
    if let user = try? UserDictionary(path: path) {
        _ = user.learned.count + user.ignored.count + user.textReplacements.count
        try? user.learnWord("keylex")
        try? user.ignoreWord("helmet")
        try? user.learnPair("thank", "you")  // appended as a change line once the file has pairs
        try? user.unlearnPair("thank", "goodness")
        if let reread = try? UserDictionary(path: path), reread.snapshot != user.snapshot {
            fatalError("the file does not read back as the words are")
        }
    }
    unlink(path)
    return 0
}
