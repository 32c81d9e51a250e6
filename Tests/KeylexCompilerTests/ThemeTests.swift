import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// Themes: read from both source syntaxes, resolved with their parents, cascaded onto each key and
/// state, compiled into the `styl` section and read back by the runtime, and drawn by the preview.
@Suite struct ThemeTests {
    /// Compiles `source` (one XML document) and returns the bundle and the diagnostics.
    static func compile(_ source: String) throws -> (LayoutBundle, [Diagnostic]) {
        let (bytes, diagnostics) = try bytes(source)
        return (try LayoutBundle(bytes: bytes), diagnostics)
    }

    static func bytes(_ source: String) throws -> ([UInt8], [Diagnostic]) {
        let engine = DiagnosticEngine()
        let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "en.xml"))
        let locales = LayoutBuild(diagnostics: engine).resolve([document]).locales
        return (LayoutBuild.bundle(locales: locales), engine.diagnostics)
    }

    static let themed = """
    <keyboard locale="en" theme="child">
      <theme id="base">
        <keyStyle background="#FFF" fontSize="20"/>
        <keyStyle kind="system" background="#ABB1BA"/>
      </theme>
      <theme id="child" extends="base">
        <keyStyle background="#FAFAFA"/>
        <keyStyle action="primary" value="search" background="#007AFF" foreground="#FFFFFF"/>
        <keyStyle appearance="dark" background="#6B6B6B"/>
        <keyStyle appearance="dark" kind="system" background="#474747"/>
        <keyStyle pressed="true" background="#ABB1BA"/>
        <keyStyle action="emoji" text="🙂" fontWeight="semibold"/>
        <keyStyle action="backspace" image="delete.left" borderColor="#0000001A" borderWidth="0.5" cornerRadius="8" shadowColor="#00000059" shadowRadius="2" shadowOffset="-1"/>
        <keyboardStyle background="#D1D3D9"/>
        <keyboardStyle appearance="dark" background="#2B2B2B"/>
        <actionCalloutStyle background="#FFFFFF"/>
        <actionCalloutStyle selected="true" background="#007AFF"/>
      </theme>
      <layout formFactor="phone">
        <layer id="lowercased">
          <row><key value="a"/><key action="shift"/><key action="primary" value="search"/><key action="primary"/><key action="emoji"/><key action="backspace"/></row>
        </layer>
      </layout>
    </keyboard>
    """

    static func color(_ text: String) -> StyleColor { StyleSyntax.color(text)! }

    @Test func rulesCascadeByPressedStateThenSpecificityThenAppearanceThenOrder() throws {
        let (bundle, diagnostics) = try Self.compile(Self.themed)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let row = try #require(bundle.layout(for: .phone)?.layer(.lowercased)?.row(at: 0))
        let (letter, shift, search, plainReturn, emoji, backspace) = (row[0], row[1], row[2], row[3], row[4], row[5])
        // The child's rule for every key comes after its parent's: it wins; the parent's font size stays.
        #expect(letter.style()?.background == Self.color("#FAFAFA"))
        #expect(letter.style()?.fontSize == 20)
        // A kind beats every key; an action and value beat a kind; a plain return key is only system.
        #expect(shift.style()?.background == Self.color("#ABB1BA"))
        #expect(search.style()?.background == Self.color("#007AFF"))
        #expect(search.style()?.foreground == Self.color("#FFFFFF"))
        #expect(plainReturn.style()?.background == Self.color("#ABB1BA"))
        // Dark: appearance rules break ties of specificity; the search key keeps its blue.
        #expect(letter.style(.dark)?.background == Self.color("#6B6B6B"))
        #expect(shift.style(.dark)?.background == Self.color("#474747"))
        #expect(search.style(.dark)?.background == Self.color("#007AFF"))
        // Pressed rules come last, in either appearance.
        #expect(search.style(pressed: true)?.background == Self.color("#ABB1BA"))
        #expect(shift.style(.dark, pressed: true)?.background == Self.color("#ABB1BA"))
        // A key's text and image overrides, and every other property, read back as written.
        #expect(emoji.style()?.text == "🙂")
        #expect(emoji.displayText()?.description == "🙂")
        #expect(emoji.style()?.fontWeight == .semibold)
        let drawn = try #require(backspace.style())
        #expect(drawn.image == "delete.left")
        #expect(drawn.borderColor == StyleColor(rgba: 0x0000_001A))
        #expect([drawn.borderWidth, drawn.cornerRadius, drawn.shadowRadius, drawn.shadowOffset] == [0.5, 8, 2, -1])
        #expect(drawn.shadowColor?.alpha == 0x59)
        // The locale's keyboard and callouts.
        let locale = bundle.locales[0]
        #expect(locale.themeName == "child")
        #expect(locale.keyboardStyle()?.background == Self.color("#D1D3D9"))
        #expect(locale.keyboardStyle(.dark)?.background == Self.color("#2B2B2B"))
        #expect(locale.actionCalloutStyle(selected: true)?.background == Self.color("#007AFF"))
        #expect(locale.actionCalloutStyle(.dark)?.background == Self.color("#FFFFFF"))
        #expect(locale.inputCalloutStyle() == nil)
    }

    @Test func aLocaleWithoutAThemeHasNoStylesAndNoSection() throws {
        let (bundle, _) = try Self.compile(#"<keyboard locale="en"><layout formFactor="phone"><layer id="lowercased"><row chars="ab"/></layer></layout></keyboard>"#)
        #expect(bundle.container.section(.styles) == nil)
        #expect(bundle.layout(for: .phone)?.layer(.lowercased)?.row(at: 0)[0].style() == nil)
        #expect(bundle.locales[0].themeName == nil)
    }

    @Test func themesRoundTripBetweenXMLAndJSON() throws {
        let engine = DiagnosticEngine()
        let reader = LayoutSourceReader(diagnostics: engine)
        let xml = try #require(reader.read(Array(Self.themed.utf8), path: "en.xml"))
        let json = try #require(reader.read(Array(JSONLayoutWriter.write(xml).utf8), path: "en.json"))
        let back = try #require(reader.read(Array(XMLLayoutWriter.write(json).utf8), path: "en.xml"))
        #expect(engine.diagnostics.isEmpty, "\(engine.diagnostics)")
        #expect(json == xml)
        #expect(back == xml)
        #expect(xml.themes.map(\.rules.count) == [2, 11])
    }

    @Test func valuesAreCheckedWithTheirPlace() throws {
        let source = """
        <keyboard locale="en" theme="t">
          <theme id="t">
            <keyStyle background="#12345" cornerRadius="-1" fontSize="NaN" kind="systm"/>
            <keyStyle action="shift" kind="system"/>
            <keyStyle shadowOffset="inf" foreground="red" appearance="dim"/>
          </theme>
          <layout formFactor="phone"><layer id="lowercased"><row chars="ab"/></layer></layout>
        </keyboard>
        """
        let diagnostics = try Self.bytes(source).1
        // Every problem of every rule, each at its value.
        let found = diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code)" }.sorted()
        #expect(found == ["3:27 invalid-style", "3:49 invalid-style", "3:63 invalid-style", "3:74 invalid-style", "4:5 schema-violation",
                          "5:29 invalid-style", "5:46 invalid-style", "5:63 invalid-style"], "\(diagnostics)")
        #expect(diagnostics.contains { $0.message.contains("'systm' is not a kind of key (input, system) (did you mean 'system'?)") })
        let engine = DiagnosticEngine()
        let syntax = StyleSyntax(diagnostics: engine)
        let place = SourceLocation(file: "t.xml", line: 1, column: 1)
        #expect(syntax.value(.background, ("#12345", place)) == nil)
        #expect(syntax.value(.cornerRadius, ("-1", place)) == nil)
        #expect(syntax.value(.fontSize, ("0", place)) == nil)
        #expect(syntax.value(.fontSize, ("NaN", place)) == nil)
        #expect(syntax.value(.shadowOffset, ("-1001", place)) == nil)
        #expect(syntax.value(.shadowOffset, ("-3", place)) == .number(-3))
        #expect(syntax.value(.foreground, ("#abc", place)) == .color(StyleColor(rgba: 0xAABBCCFF)))
        #expect(engine.diagnostics.map(\.code) == Array(repeating: "invalid-style", count: 5))
        #expect(StyleSyntax.colorText(StyleColor(rgba: 0x007AFFFF)) == "#007AFF")
        #expect(StyleSyntax.colorText(StyleColor(rgba: 0x0000004D)) == "#0000004D")
    }

    /// A chain of `extends` holds at most 32 themes: at the limit the last theme has every
    /// background, one past it is `limit-exceeded` at its `extends`, and 20,000 themes are as many
    /// errors of their own (each theme used to scan its whole chain: 1,000 took 8 s in release).
    @Test func themeChainsAtAndPastTheLimit() throws {
        func chain(_ count: Int) throws -> (LayoutBundle?, [Diagnostic]) {
            let themes = (0..<count).map { #"<theme id="t\#($0)"\#($0 == 0 ? "" : #" extends="t\#($0 - 1)""#)><keyStyle action="\#($0 % 2 == 0 ? "shift" : "backspace")" fontSize="\#($0 % 1000 + 1)"/></theme>"# }
            let source = #"<keyboard locale="en" theme="t\#(count - 1)">"# + "\n" + themes.joined(separator: "\n")
                + #"<layout formFactor="phone"><layer id="lowercased"><row><key action="shift"/><key action="backspace"/></row></layer></layout></keyboard>"#
            let (bytes, diagnostics) = try Self.bytes(source)
            return (try? LayoutBundle(bytes: bytes), diagnostics)
        }
        let (bundle, atLimit) = try chain(ThemeResolver.maxChain)
        #expect(atLimit.isEmpty, "\(atLimit)")
        let keys = try #require(bundle?.layout(for: .phone)?.layer(.lowercased)).row(at: 0)
        #expect(keys.map { $0.style()?.fontSize } == [31, 32])
        let past = try chain(ThemeResolver.maxChain + 1).1
        #expect(past.map { "\($0.location.line) \($0.code)" } == ["\(ThemeResolver.maxChain + 2) limit-exceeded"], "\(past)")
        let long = try chain(20_000).1
        #expect(long.map(\.code) == ["limit-exceeded"], "\(long.count) \(long.prefix(3))")
    }

    /// A key's style is looked for among its locale's key entries, so a locale has at most
    /// `StyleFormat.maxKeyEntries` (a theme styling 4,000 keys apart took 20 s to build): at the
    /// limit each key reads its own style; one past it is `limit-exceeded` at the locale.
    @Test func keyEntriesAtAndPastTheLimit() throws {
        func styled(_ count: Int) throws -> (LayoutBundle?, [Diagnostic]) {
            let values = (0..<count).map { String(UnicodeScalar(0x4E00 + $0)!) }
            let rules = values.enumerated().map { #"<keyStyle action="character" value="\#($1)" fontSize="\#($0 % 1000 + 1)"/>"# }
            let rows = values.map { #"<row><key value="\#($0)"/></row>"# }
            let source = #"<keyboard locale="en" theme="t"><theme id="t">"# + rules.joined() + "</theme>\n"
                + #"<layout formFactor="phone"><layer id="lowercased">"# + rows.joined() + "</layer></layout></keyboard>"
            let (bytes, diagnostics) = try Self.bytes(source)
            return (try? LayoutBundle(bytes: bytes), diagnostics)
        }
        // One entry for the action of the keys, one for each value.
        let (bundle, atLimit) = try styled(StyleFormat.maxKeyEntries - 1)
        #expect(atLimit.isEmpty, "\(atLimit.prefix(3))")
        let layer = try #require(bundle?.layout(for: .phone)?.layer(.lowercased))
        #expect((0..<layer.rowCount).map { layer.row(at: $0)[0].style()?.fontSize } == (0..<StyleFormat.maxKeyEntries - 1).map { Float($0 % 1000 + 1) })
        let past = try styled(StyleFormat.maxKeyEntries).1
        #expect(past.map { "\($0.location.line) \($0.code)" } == ["1 limit-exceeded"], "\(past.prefix(3))")
    }

    /// A reader takes a locale of more than `StyleFormat.maxKeyEntries` key entries as a damaged
    /// section, even when the entries are there: two locales of 600 styled keys, the first one's
    /// count of entries made 1,025, read with no styles at all.
    @Test func aReaderRefusesALocaleOfTooManyKeyEntries() throws {
        let engine = DiagnosticEngine()
        let values = (0..<600).map { String(UnicodeScalar(0x4E00 + $0)!) }
        let documents = try ["en", "fr"].map { tag in
            let source = #"<keyboard locale="\#(tag)" theme="\#(tag)"><theme id="\#(tag)">"# + values.map { #"<keyStyle action="character" value="\#($0)" fontSize="9"/>"# }.joined()
                + #"</theme><layout formFactor="phone"><layer id="lowercased">"# + values.map { #"<row><key value="\#($0)"/></row>"# }.joined() + "</layer></layout></keyboard>"
            return try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "\(tag).xml"))
        }
        var bytes = LayoutBuild.bundle(locales: LayoutBuild(diagnostics: engine).resolve(documents).locales)
        #expect(engine.diagnostics.isEmpty, "\(engine.diagnostics.prefix(3))")
        func fontSizes() throws -> [Float?] {
            let bundle = try LayoutBundle(bytes: bytes)
            return try ["en", "fr"].flatMap { tag in try #require(bundle.locale(tag)?.layout(for: .phone)?.layer(.lowercased)).rows.map { $0[0].style()?.fontSize } }
        }
        #expect(try fontSizes() == Array(repeating: 9, count: 1_200))
        let section = try #require(try Container(bytes: bytes).sections.first { $0.tag == .styles })
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[section.offset + at + $1]) << (8 * $1) } }
        #expect(u32(12) == 1_200)
        let firstLocale = StyleFormat.headerSize + u32(0) * StyleFormat.recordSize + u32(4) * StyleFormat.setSize
        #expect(u32(firstLocale + StyleFormat.LocaleField.firstEntry) == 0 && u32(firstLocale + StyleFormat.LocaleField.entryCount) == 600)
        bytes[section.offset + firstLocale + StyleFormat.LocaleField.entryCount ..< section.offset + firstLocale + StyleFormat.LocaleField.entryCount + 2] = [0x01, 0x04]
        #expect(try fontSizes() == Array(repeating: nil, count: 1_200))
    }

    /// A damaged `styl` section reads as absent: the bundle opens, its keys read, none has a style.
    @Test func aDamagedStyleSectionReadsAsAbsent() throws {
        let (bytes, _) = try Self.bytes(Self.themed)
        let section = try #require(try Container(bytes: bytes).sections.first { $0.tag == .styles })
        func backgrounds(_ change: (inout [UInt8], Int) -> Void) throws -> [StyleColor?] {
            var copy = bytes
            change(&copy, section.offset)
            let damaged = try LayoutBundle(bytes: copy)
            #expect(LayoutBundleTests.walk(damaged) > 0)
            return damaged.layout(for: .phone)!.layer(.lowercased)!.row(at: 0).map { $0.style()?.background }
        }
        #expect(try backgrounds { _, _ in }.allSatisfy { $0 != nil })
        let styles = StyleFormat.headerSize, sets = styles + StyleFormat.recordSize * Int(bytes[section.offset])
        let none = [StyleColor?](repeating: nil, count: 6)
        #expect(try backgrounds { bytes, at in bytes[at + 8] = 2 } == none)                      // a locale count that is not LAYT's
        #expect(try backgrounds { bytes, at in bytes[at + 12] = 200 } == none)                   // more entries than the section holds
        let entries = section.length - StyleFormat.entrySize * Int(bytes[section.offset + 12])
        #expect(try backgrounds { bytes, at in bytes[at + entries] = 200 } == none)              // an action that does not exist
        #expect(try backgrounds { bytes, at in bytes[at + entries + 11] = 0x7F } == none)        // a style set past the table
        #expect(try backgrounds { bytes, at in bytes[at + styles + 3] = 0x80 } == none)          // a property that does not exist
        #expect(try backgrounds { bytes, at in bytes[at + sets + 3] = 0x7F } == none)            // a style past the table
        let fontSize = styles + StyleFormat.slot(.fontSize)
        #expect(try backgrounds { bytes, at in                                                      // a font size that is not a number
            bytes[at + styles] |= 1 << StyleProperty.fontSize.rawValue
            (bytes[at + fontSize + 2], bytes[at + fontSize + 3]) = (0xC0, 0x7F)
        } == none)
    }

    /// The shipped theme: every locale is drawn with it, and it gives what an iOS keyboard shows.
    @Test func everyShippedLocaleHasTheShippedTheme() throws {
        let locales = ShippedLayoutTests.shipped.locales
        #expect(locales.allSatisfy { $0.theme?.id == "keylex" }, "\(locales.filter { $0.theme == nil }.map(\.tag))")
        let bundle = try ShippedLayoutTests.bundle("en-US")
        let locale = bundle.locales[0]
        let letters = try #require(locale.layout(for: .phone)?.layer(.lowercased))
        #expect(letters.row(at: 0)[0].style()?.background == Self.color("#FFFFFF"))
        #expect(letters.row(at: 0)[0].style(.dark)?.background == Self.color("#6B6B6B"))
        let shift = try #require(letters.row(at: 2).first { $0.action == .shift })
        #expect(shift.style()?.image == "shift")
        let primary = try #require(letters.rows.flatMap { $0 }.first { $0.action == .primary })
        #expect(primary.style()?.background == Self.color("#ABB1BA"))
        #expect(primary.style(.dark)?.background == Self.color("#474747"))
        #expect(primary.style()?.fontSize == 16)
        #expect(locale.keyboardStyle(.dark)?.background == Self.color("#2B2B2B"))
        #expect(locale.inputCalloutStyle()?.fontSize == 36)
    }

    @Test func thePreviewDrawsTheTheme() throws {
        let (bundle, _) = try Self.compile(Self.themed)
        let preview = LayoutPreview(bundle: bundle, title: "themed")
        let layer = try #require(bundle.layout(for: .phone)?.layer(.lowercased))
        let light = preview.svg(layer), dark = preview.svg(layer, appearance: .dark)
        #expect(light.contains("<rect class=\"board\" width=\"100%\" height=\"100%\" style=\"fill: rgb(209, 211, 217)\"/>"))
        #expect(light.contains("style=\"fill: rgb(0, 122, 255)\""))                      // the search key
        #expect(light.contains(">🙂</text>"))                                              // the emoji key's text
        #expect(light.contains("rx=\"8\""))                                                 // the backspace key's corners
        #expect(light.contains(":active rect.face { fill: rgb(171, 177, 186) !important; }"))  // pressed keys
        #expect(light.contains("[image delete.left]"))
        #expect(dark.contains("style=\"fill: rgb(43, 43, 43)\""))
        #expect(dark.contains("style=\"fill: rgb(107, 107, 107)\""))
        #expect(preview.files().contains { $0.name == "en-phone-lowercased-dark.svg" })
        #expect(preview.html().contains("Theme: <code>child</code>"))
    }
}
