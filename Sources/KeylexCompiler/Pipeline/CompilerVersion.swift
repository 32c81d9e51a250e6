import KeylexRuntime

/// The compiler's version: printed by `keylex --version`, written in SARIF logs, and part of the
/// fingerprint of every build (a new compiler rebuilds everything), with the container format's
/// version (``fingerprint``). Raise it with any change to what the compiler writes.
public enum CompilerVersion {
    public static let current = "0.10.0"

    /// What a build's fingerprint holds of the compiler: its version and the format's. The format
    /// went from 1.12 to 1.14 while this stayed 0.9.0, and `keylex build` kept the 1.13 bundles of
    /// the locales whose sources had not changed (el, pl-PL, …) as up to date.
    static var fingerprint: String { "\(current) \(ContainerFormat.majorVersion).\(ContainerFormat.minorVersion)" }
}
