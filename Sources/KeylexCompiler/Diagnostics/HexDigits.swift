extension Unicode.Scalar {
    /// The scalar's value in hexadecimal, at least four digits (`00E9`), as `U+` names and `\u`
    /// escapes write it.
    func hexDigits(uppercase: Bool) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
