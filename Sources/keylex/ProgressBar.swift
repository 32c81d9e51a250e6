import Foundation

/// A one-line progress bar on standard error, redrawn in place; draws nothing when disabled (not
/// a terminal, or quiet).
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private var lastDrawn = Date.distantPast
    private var drawn = false

    init(enabled: Bool) { self.enabled = enabled }

    /// Shows `label` at `fraction` (0…1), at most ten times a second.
    func update(_ label: String, _ fraction: Double) {
        guard enabled, Date().timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = Date()
        let width = 24, filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let text = "\r\(bar) \(String(format: "%3d", Int(fraction * 100)))% \(label.prefix(50))\u{1B}[K"
        FileHandle.standardError.write(Data(text.utf8))
        drawn = true
    }

    /// Removes the bar.
    func clear() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        drawn = false
    }
}
