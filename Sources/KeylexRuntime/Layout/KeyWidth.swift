/// A key's width, as KeyboardKit's `KeyboardLayoutItem.Width` has it.
public enum KeyWidth: Equatable, Hashable, Sendable, CustomStringConvertible {
    case input
    /// A multiple of the input unit.
    case inputPercentage(Double)
    /// A fraction of the row (0.25 is a quarter).
    case percentage(Double)
    case points(Double)
    case available

    /// The source syntax: `input`, `input*1.5`, `25%`, `60pt`, `available`.
    public var description: String {
        switch self {
        case .input: return "input"
        case .inputPercentage(let factor): return "input*\(Self.number(factor))"
        case .percentage(let fraction): return "\(Self.number(fraction * 100))%"
        case .points(let points): return "\(Self.number(points))pt"
        case .available: return "available"
        }
    }

    /// Parses the source syntax; `nil` when `text` is not a width.
    public init?(_ text: String) {
        func number(_ s: Substring) -> Double? {
            guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(s), value.isFinite else { return nil }
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

    /// The kind and value stored in a bundle (values are stored as `Float32`).
    public var encoded: (kind: KeyWidthKind, value: Float) {
        switch self {
        case .input: return (.input, 1)
        case .inputPercentage(let factor): return (.inputPercentage, Float(factor))
        case .percentage(let fraction): return (.percentage, Float(fraction))
        case .points(let points): return (.points, Float(points))
        case .available: return (.available, 0)
        }
    }

    /// `12.5` as "12.5" and `2.0` as "2" (numbers too large for an `Int`, as `Double` prints them).
    private static func number(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        guard abs(rounded) < 1e15 else { return String(value) }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Whether the width's value is one its kind allows (see ``allows(_:_:)``), as stored.
    public var isAllowed: Bool { Self.allows(encoded.kind, Double(encoded.value)) }

    /// The values each kind allows: an input factor above 0 and at most 10, a fraction above 0 and
    /// at most 1 (100%), points above 0 and at most 1024. Not-a-number and infinities are outside.
    public static func allows(_ kind: KeyWidthKind, _ value: Double) -> Bool {
        switch kind {
        case .input, .available: return true
        case .inputPercentage: return value > 0 && value <= 10
        case .percentage: return value > 0 && value <= 1
        case .points: return value > 0 && value <= 1024
        }
    }

    /// The width stored as `kind` and `value`; `nil` for an unknown kind or a value the kind does
    /// not allow (see ``allows(_:_:)``).
    public init?(kind: UInt8, value: Float) {
        guard let kind = KeyWidthKind(rawValue: kind), Self.allows(kind, Double(value)) else { return nil }
        switch kind {
        case .input: self = .input
        case .inputPercentage: self = .inputPercentage(Double(value))
        case .percentage: self = .percentage(Double(value))
        case .points: self = .points(Double(value))
        case .available: self = .available
        }
    }
}
