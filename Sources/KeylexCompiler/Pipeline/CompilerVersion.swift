/// The compiler's version: printed by `keylex --version`, written in SARIF logs, and part of the
/// fingerprint of every build (a new compiler rebuilds everything). Raise it with any change to
/// what the compiler writes.
public enum CompilerVersion {
    public static let current = "0.9.0"
}
