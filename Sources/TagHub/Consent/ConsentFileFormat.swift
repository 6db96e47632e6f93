/// The consent file: one JSON object, purpose to `"granted"` or `"denied"`.
///
/// Written denials first, then grants, each sorted by purpose, so that a file cut short loses
/// grants before denials. Read tolerantly, so that a damaged file keeps what it still says.
enum ConsentFileFormat {
    /// The file's bytes for `decisions` (undecided purposes left out), without spaces.
    static func contents(of decisions: [ConsentPurpose: ConsentState]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for state in [ConsentState.denied, .granted] {
            for purpose in decisions.keys.filter({ decisions[$0] == state }).sorted() {
                if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
                append(purpose.identifier, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                append(state.rawValue, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The decisions in `bytes`: every whole entry up to where they end or stop being JSON.
    static func decisions(in bytes: [UInt8]) -> [ConsentPurpose: ConsentState] {
        var reader = ConsentFileReader(bytes)
        return reader.readDecisions()
    }

    /// Appends `string` as a JSON string, escaping what JSON requires.
    private static func append(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): bytes += Array(#"\n"#.utf8)
            case UInt8(ascii: "\r"): bytes += Array(#"\r"#.utf8)
            case UInt8(ascii: "\t"): bytes += Array(#"\t"#.utf8)
            case 0x08: bytes += Array(#"\b"#.utf8)
            case 0x0C: bytes += Array(#"\f"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
