import KeylexRuntime

/// The source syntax of key widths, in layout files and in what the compiler prints: `input`,
/// `input*1.5`, `25%`, `60pt`, `available`.
extension KeyWidth {
    /// The width in the source syntax.
    public var sourceText: String {
        switch self {
        case .input: return "input"
        case .inputPercentage(let factor): return "input*\(Self.number(factor))"
        case .percentage(let fraction): return "\(Self.number(fraction * 100))%"
        case .points(let points): return "\(Self.number(points))pt"
        case .available: return "available"
        }
    }

    /// Parses the source syntax; `nil` when `text` is not a width (a number must be finite).
    public init?(sourceText text: String) {
        func number(_ s: Substring) -> Double? {
            guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(s), value.isFinite else {
                return nil
            }
            return value
        }
        switch text {
        case "input": self = .input
        case "available": self = .available
        default:
            if text.hasPrefix("input*"), let factor = number(text.dropFirst(6)) {
                self = .inputPercentage(factor)
            } else if text.hasSuffix("%"), let percent = number(text.dropLast()) {
                self = .percentage(percent / 100)
            } else if text.hasSuffix("pt"), let points = number(text.dropLast(2)) {
                self = .points(points)
            } else {
                return nil
            }
        }
    }

    /// `12.5` as "12.5" and `2.0` as "2" (numbers too large for an `Int`, as `Double` prints them).
    private static func number(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        guard abs(rounded) < 1e15 else { return String(value) }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
