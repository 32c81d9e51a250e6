/// A key's width, as KeyboardKit's `KeyboardLayoutItem.Width` has it. The runtime knows it as
/// stored in a bundle; its source syntax (`25%`, `60pt`) is the compiler's.
public enum KeyWidth: Equatable, Hashable, Sendable {
    case input
    /// A multiple of the input unit.
    case inputPercentage(Double)
    /// A fraction of the row (0.25 is a quarter).
    case percentage(Double)
    case points(Double)
    case available

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
