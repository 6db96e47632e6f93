import TagHub

/// Names that differ only by case: `key` and `KEY`, `clé` and `CLÉ`. Two names are in one group
/// where they are different strings whose `lowercased()` are equal strings (canonical equivalence
/// included, as `String` compares).
///
/// Most names are grouped without lowercasing or normalizing any: by a hash of their scalars
/// lowercased one by one ("folded"), read on their UTF-8 bytes. That is exact where every scalar
/// lowercases to one scalar that is in NFC whatever surrounds it (see ``isInert(_:)``), of as many
/// bytes as itself: the lowercased names are then in NFC, so they are equal strings exactly where
/// their folded scalars are, byte for byte in the same places. Names of other scalars (a combining
/// mark, `İ`, the Kelvin sign) are lowercased and compared as strings, with all the others.
extension RuleCheck {
    /// The groups of names that differ only by case: how many, and the first ones (one more than
    /// are shown), each sorted, in the order of their first names.
    struct CaseGroups {
        var count = 0
        var first: [[String]] = []
    }

    /// The groups of `names` (distinct) that differ only by case.
    static func caseGroups<Names: Collection<String>>(_ names: Names) -> CaseGroups {
        var scan = CaseScan<Names.Index>()
        for index in names.indices { scan.add(names[index], at: index) }
        return scan.groups { names[$0] }
    }

    /// Names read one at a time, where a check meets them (in its one pass over a tag's keys, while
    /// each key's bytes are at hand), each with its `Position` in what holds them, then grouped by
    /// case: ``groups(_:)``. Only a hash and the position of each name are kept (one allocation
    /// for a tag's keys): a name is read again, through its position, only where hashes meet.
    struct CaseScan<Position> {
        /// Names of at most this many bytes are read when added; longer ones once all are known.
        private static var readAtOnce: Int { 4_096 }

        /// Per name added, in order: the hash of its folded scalars (0 where it is not folded, or
        /// not read yet), and its position.
        private var names: [(hash: UInt64, position: Position)] = []
        /// Names of more than ``readAtOnce`` bytes, not read yet: their places in `names`.
        private var long: [(index: Int, name: String)] = []
        /// The places in `names` of long names left unread: in no group.
        private var unread: Set<Int> = []
        private var longest = 0
        private var second = 0
        /// Whether a folded name has a capital, a name that is not folded changes when lowercased,
        /// or one is not folded at all.
        private var hasCapital = false
        private var hasChanging = false
        private var hasOther = false
        /// Folds of scalars of three or four bytes (see ``RuleCheck/nameCase(of:folds:)``).
        private var folds = ScalarMemo()

        /// Adds `name`, at `position`, distinct from those added before; `count` is how many names
        /// will be added in all, if known, to size what keeps them once.
        mutating func add(_ name: String, at position: Position, of count: Int = 0) {
            if names.isEmpty && count > 1 { names.reserveCapacity(count) }
            let bytes = name.utf8.count
            if bytes > longest {
                second = longest
                longest = bytes
            } else if bytes > second {
                second = bytes
            }
            guard bytes <= Self.readAtOnce else {
                long.append((names.count, name))
                names.append((0, position))
                return
            }
            names.append((read(name), position))
        }

        /// The hash of `name`, noting what it tells.
        private mutating func read(_ name: String) -> UInt64 {
            let read: NameCase? = name.utf8.withContiguousStorageIfAvailable { bytes in
                folds.reading { folds in
                    RuleCheck.nameCase(of: bytes, folds: folds)
                }
            }
            // Without contiguous UTF-8 (a bridged string), as a name that is not folded.
            switch read ?? (name.lowercased() == name ? .otherLowercase : .otherChanging) {
            case .folded(let hash, let isLowercase):
                hasCapital = hasCapital || !isLowercase
                return hash
            case .otherLowercase:
                hasOther = true
            case .otherChanging:
                hasOther = true
                hasChanging = true
            }
            return 0
        }

        /// The groups of the names added, read again through `name`.
        consuming func groups(_ name: (Position) -> String) -> CaseGroups {
            guard names.count > 1 else { return CaseGroups() }
            if !long.isEmpty {
                // Lowercasing and canonical equivalence change a name's UTF-8 by a few times at
                // most (3 bytes for 1, 1 for 3): a name more than 16 times as long as any other
                // equals none of them once lowercased, and is not read (a megabyte of key among
                // short ones).
                let readable = longest > 16 * max(second, 1) ? 16 * max(second, 1) : longest
                for (index, longName) in long {
                    if longName.utf8.count <= readable {
                        names[index].hash = read(longName)
                    } else {
                        unread.insert(index)
                    }
                }
            }
            // Two names differ only by case only if one of them changes when lowercased.
            guard hasCapital || hasChanging else { return CaseGroups() }
            let unread = unread
            func isRead(_ index: Int) -> Bool { unread.isEmpty || !unread.contains(index) }
            func allNames() -> [String] { names.indices.filter(isRead).map { name(names[$0].position) } }
            if hasOther { return RuleCheck.stringCaseGroups(allNames()) }
            // Two distinct names equal once lowercased are never both lowercase: a group has a
            // capital. Names are read again only where hashes meet (usually nowhere).
            // A few names (a tag's usual handful) are compared pair by pair first: no table is
            // made where no two hashes meet.
            if names.count <= 32 && unread.isEmpty {
                let meet = names.indices.contains { index in
                    names[(index + 1)...].contains { $0.hash == names[index].hash }
                }
                guard meet else { return CaseGroups() }
            }
            var table = HashedGroups(capacity: names.count)
            for index in names.indices where isRead(index) { table.add(names[index].hash) }
            guard table.count > 0 else { return CaseGroups() }
            // Each group's first name is compared with the others, so that two that only share a
            // hash are never grouped; only the groups shown are gathered.
            var firstNames = [String?](repeating: nil, count: table.count)
            var smallestNames = [String](repeating: "", count: table.count)
            var grouped: [(index: Int, group: Int)] = []
            for index in names.indices where isRead(index) {
                guard let group = table.group(of: names[index].hash) else { continue }
                let member = name(names[index].position)
                grouped.append((index, group))
                guard let first = firstNames[group] else {
                    firstNames[group] = member
                    smallestNames[group] = member
                    continue
                }
                guard RuleCheck.foldedEqual(first, member) else { return RuleCheck.stringCaseGroups(allNames()) }
                if member < smallestNames[group] { smallestNames[group] = member }
            }
            var result = CaseGroups(count: table.count)
            var first: [(name: String, group: Int)] = []
            let kept = findingsPerRule + 1
            for (group, smallest) in smallestNames.enumerated() {
                guard first.count < kept || smallest < first[kept - 1].name else { continue }
                first.insert((smallest, group), at: first.firstIndex { smallest < $0.name } ?? first.endIndex)
                if first.count > kept { first.removeLast() }
            }
            var members = first.map { _ in [String]() }
            for (index, group) in grouped {
                guard let shown = first.firstIndex(where: { $0.group == group }) else { continue }
                members[shown].append(name(names[index].position))
            }
            result.first = members.map { $0.sorted() }
            return result
        }
    }

    /// Folded names grouped by their hashes, in an open-addressing table of those hashes; each
    /// hash that two names or more have is a group, numbered from 0.
    private struct HashedGroups {
        private var slots: [UInt64]
        /// Per slot: -1 for one name, otherwise its group.
        private var groups: [Int32]
        private let mask: Int
        private let shift: UInt64
        /// The number of groups.
        private(set) var count = 0

        init(capacity: Int) {
            var size = 16
            var bits: UInt64 = 4
            while size < 2 * capacity {
                size *= 2
                bits += 1
            }
            shift = 64 - bits
            slots = Array(repeating: 0, count: size)
            groups = Array(repeating: -1, count: size)
            mask = size - 1
        }

        /// The slot of `hash`, or where it goes.
        private func slot(of hash: UInt64) -> Int {
            let key = hash == 0 ? 1 : hash  // 0 marks an empty slot
            // The high bits of a Fibonacci product: FNV's low bits depend on the names' low bits only.
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while slots[slot] != 0 && slots[slot] != key { slot = (slot + 1) & mask }
            return slot
        }

        /// Adds a name of `hash`.
        mutating func add(_ hash: UInt64) {
            let slot = slot(of: hash)
            if slots[slot] == 0 {
                slots[slot] = hash == 0 ? 1 : hash
            } else if groups[slot] < 0 {
                groups[slot] = Int32(count)
                count += 1
            }
        }

        /// The group of `hash`, where two names or more have it.
        func group(of hash: UInt64) -> Int? {
            let group = groups[slot(of: hash)]
            return group < 0 ? nil : Int(group)
        }
    }

    /// The groups of `names` that differ only by case, compared as strings: each name that changes
    /// is lowercased once; a lowercase name only joins a group that a changed one made.
    private static func stringCaseGroups(_ names: [String]) -> CaseGroups {
        var groupOf: [String: Int] = [:]
        var groups: [[String]] = []
        var lowercase: [String] = []
        var memo = ScalarMemo()
        for name in names {
            if isLowercase(name, memo: &memo) {
                lowercase.append(name)
                continue
            }
            let lowered = name.lowercased()
            if let index = groupOf[lowered] {
                groups[index].append(name)
            } else {
                groupOf[lowered] = groups.count
                groups.append([name])
            }
        }
        if !groupOf.isEmpty {
            for name in lowercase {
                if let index = groupOf[name] { groups[index].append(name) }
            }
        }
        var result = CaseGroups()
        var firstNames: [String] = []
        let kept = findingsPerRule + 1
        for group in groups where group.count > 1 {
            result.count += 1
            let name = group.min()!
            guard firstNames.count < kept || name < firstNames[kept - 1] else { continue }
            let index = firstNames.firstIndex { name < $0 } ?? firstNames.endIndex
            firstNames.insert(name, at: index)
            result.first.insert(group.sorted(), at: index)
            if firstNames.count > kept {
                firstNames.removeLast()
                result.first.removeLast()
            }
        }
        return result
    }

    /// What lowercasing does to a name.
    enum NameCase {
        /// Every scalar folds (see ``fold(_:)``): whether lowercasing leaves the name as it
        /// is, and the hash of its folded scalars, the same for such names that differ only by case.
        case folded(hash: UInt64, isLowercase: Bool)
        /// Another name, left as it is by lowercasing.
        case otherLowercase
        /// Another name, changed by lowercasing.
        case otherChanging
    }

    /// What lowercasing does to the UTF-8 `bytes` (see ``NameCase``), read once, with the folds of
    /// scalars of three or four bytes kept in `folds` (a name's scalars repeat: `キー`, an emoji).
    static func nameCase(of bytes: UnsafeBufferPointer<UInt8>, folds: ScalarMemo.Table) -> NameCase {
        let prime: UInt64 = 0x100_0000_01b3
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var hasCapital = false
        var offset = 0
        let count = bytes.count
        // Eight ASCII bytes at a time: a byte from A to Z is one whose 7 low bits plus 0x3F reach
        // 0x80 and plus 0x25 do not; its lowercase sets 0x20. Folded names equal once lowercased
        // have their ASCII bytes at the same places, so they are read in the same words.
        while count - offset >= 8 {
            let word = word(bytes, at: offset)
            guard word & 0x8080_8080_8080_8080 == 0 else { break }
            let capitals = (word &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(word &+ 0x2525_2525_2525_2525) & 0x8080_8080_8080_8080
            if capitals != 0 { hasCapital = true }
            hash = (hash ^ (word | capitals >> 2)) &* prime
            offset += 8
        }
        var isFolded = true
        var changesCase = false
        while offset < count {
            let byte = bytes[offset]
            if byte < 0x80 {
                let isCapital = byte >= 0x41 && byte <= 0x5A
                hasCapital = hasCapital || isCapital
                hash = (hash ^ UInt64(isCapital ? byte | 0x20 : byte)) &* prime
                offset += 1
                continue
            }
            let value: UInt32
            let folded: UInt32
            if byte < 0xE0 {
                value = UInt32(byte & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F)
                folded = twoByteFolds[Int(value)]
                offset += 2
            } else {
                let (scalar, length) = self.scalar(in: bytes, at: offset)
                value = scalar.value
                folded = folds.value(of: value, computedFold)
                offset += length
            }
            if folded == noFold {
                isFolded = false
                if value < 0x800 ? lowercasingChanges[Int(value)] : changesWhenLowercased(value) {
                    changesCase = true
                }
            } else {
                if folded != value { hasCapital = true }
                hash = (hash ^ UInt64(folded)) &* prime
            }
        }
        if isFolded { return .folded(hash: hash, isLowercase: !hasCapital) }
        return hasCapital || changesCase ? .otherChanging : .otherLowercase
    }

    /// What stands for "does not fold" among folds.
    static let noFold = UInt32.max

    /// The fold of `scalar`: its lowercase where that is one inert scalar (see ``isInert(_:)``) of
    /// as many bytes of UTF-8 as `scalar`; ``noFold`` otherwise.
    static func fold(_ scalar: Unicode.Scalar) -> UInt32 {
        scalar.value < 0x800 ? twoByteFolds[Int(scalar.value)] : computedFold(scalar.value)
    }

    private static func computedFold(_ value: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(value) else { return noFold }
        let lowered = scalar.properties.lowercaseMapping.unicodeScalars
        guard let first = lowered.first, lowered.count == 1, isInert(first),
            first.utf8.count == scalar.utf8.count
        else { return noFold }
        return first.value
    }

    private static func changesWhenLowercased(_ value: UInt32) -> Bool {
        Unicode.Scalar(value)?.properties.changesWhenLowercased ?? false
    }

    /// Whether `scalar` is in NFC whatever surrounds it: it never leaves NFC (not
    /// Full_Composition_Exclusion), is never reordered (combining class 0), and never composes
    /// with a scalar before it (not a mark, not a Hangul vowel or final consonant jamo). Text made
    /// of such scalars only is in NFC, so two such texts are equal strings exactly where their
    /// scalars are.
    ///
    /// Only scalars of Unicode 15.1 or earlier: until then, the scalars that compose with one
    /// before them were marks and Hangul jamo, but Unicode 16 made letters that do (Kirat Rai's
    /// U+16D67 joins a letter before it), and a later version may add more. `CaseGroupTests`
    /// checks the rule for every scalar against Foundation's normalization, whose Unicode data on
    /// Linux predates Unicode 16.
    static func isInert(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        guard let age = properties.age, age.major < 15 || (age.major == 15 && age.minor <= 1) else { return false }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: break
        }
        if (0x1161...0x1175).contains(scalar.value) || (0x11A8...0x11C2).contains(scalar.value) { return false }
        return !properties.isFullCompositionExclusion && properties.canonicalCombiningClass == .notReordered
    }

    /// Whether the folded names `left` and `right` (see ``NameCase/folded(hash:isLowercase:)``) are
    /// equal once lowercased: where their folded scalars are.
    static func foldedEqual(_ left: String, _ right: String) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        return left.unicodeScalars.elementsEqual(right.unicodeScalars) { fold($0) == fold($1) }
    }

    /// Whether each scalar below U+0800 is inert (see ``isInert(_:)``).
    static let inertBelowU0800: [Bool] = (0..<0x800).map { Unicode.Scalar(UInt32($0)).map(isInert) ?? false }

    /// The fold of each scalar below U+0800 (see ``fold(_:)``).
    private static let twoByteFolds: [UInt32] = (0..<0x800).map { computedFold(UInt32($0)) }

    /// Whether lowercasing leaves `name` as it is, read on its bytes (see ``nameCase(of:folds:)``):
    /// a scalar that Changes_When_Lowercased changes it, with no lowercased copy. Whether a scalar
    /// of three or four bytes changes is kept in `memo`, for the tag's other names.
    static func isLowercase(_ name: String, memo: inout ScalarMemo) -> Bool {
        // No hash: the bytes are read until the first scalar that lowercasing changes.
        let read = name.utf8.withContiguousStorageIfAvailable { bytes in
            lowercasingChanges.withUnsafeBufferPointer { changes in
                memo.reading { memo in
                    isLowercase(bytes, changes: changes, memo: memo)
                }
            }
        }
        return read ?? (name.lowercased() == name)
    }

    /// Whether lowercasing leaves the UTF-8 `bytes` as they are: ASCII eight bytes at a time,
    /// scalars below U+0800 in `changes`, the others by their properties.
    private static func isLowercase(
        _ bytes: UnsafeBufferPointer<UInt8>,
        changes: UnsafeBufferPointer<Bool>,
        memo: ScalarMemo.Table
    ) -> Bool {
        var offset = 0
        let count = bytes.count
        while offset < count {
            if count - offset >= 8 {
                let word = word(bytes, at: offset)
                if word & 0x8080_8080_8080_8080 == 0 {
                    // A byte from A to Z: see nameCase(of:folds:).
                    let capitals =
                        (word &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(word &+ 0x2525_2525_2525_2525) & 0x8080_8080_8080_8080
                    guard capitals == 0 else { return false }
                    offset += 8
                    continue
                }
            }
            let byte = bytes[offset]
            // Bytes that repeat those 24 before (where every text of 1 to 4 bytes repeated falls
            // in step) are scalars already read: skipped, eight at a time where the eight end
            // where a scalar starts, or 24 at a time (three-byte scalars: kana, ideographs). The
            // 24 before start at a lead byte, as these do, and end at `offset`, where a scalar
            // starts: they are whole scalars, and so are these.
            if byte >= 0x80 && offset >= 24 && count - offset > 8
                && word(bytes, at: offset) == word(bytes, at: offset - 24)
            {
                if bytes[offset + 8] & 0xC0 != 0x80 {
                    offset += 8
                    continue
                }
                if count - offset >= 24 && word(bytes, at: offset + 8) == word(bytes, at: offset - 16)
                    && word(bytes, at: offset + 16) == word(bytes, at: offset - 8)
                {
                    offset += 24
                    continue
                }
            }
            if byte < 0x80 {
                guard byte < 0x41 || byte > 0x5A else { return false }
                offset += 1
            } else if byte < 0xE0 {
                // A run of two-byte scalars (Latin, Greek, Cyrillic…) read without the ASCII test;
                // eight bytes that repeat the eight before, four scalars of the run already read,
                // are skipped (a letter and a megabyte of one combining mark).
                let runStart = offset
                var lead = byte
                repeat {
                    if offset - runStart >= 8 && count - offset >= 8
                        && word(bytes, at: offset) == word(bytes, at: offset - 8)
                    {
                        offset += 8
                    } else {
                        guard !changes[Int(lead & 0x1F) << 6 | Int(bytes[offset + 1] & 0x3F)] else { return false }
                        offset += 2
                    }
                    guard offset + 1 < count else { break }
                    lead = bytes[offset]
                } while lead >= 0xC0 && lead < 0xE0
            } else {
                let (scalar, length) = self.scalar(in: bytes, at: offset)
                // Kept in `memo`: an emoji sequence repeated is looked up once per scalar it has,
                // not once per scalar of the text.
                guard memo.value(of: scalar.value, { changesWhenLowercased($0) ? 1 : 0 }) == 0 else { return false }
                offset += length
            }
        }
        return true
    }

    /// The lowercase of `scalar` where it is simple (below U+0300, not İ), `nil` otherwise.
    static func simpleLowercase(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard scalar.value < 0x300 && scalar.value != 0x130 else { return nil }
        return Unicode.Scalar(simpleLowercase[Int(scalar.value)])
    }

    /// Whether lowercasing changes each scalar below U+0800.
    private static let lowercasingChanges: [Bool] = (0..<0x800).map {
        Unicode.Scalar(UInt32($0))?.properties.changesWhenLowercased ?? false
    }

    /// The lowercase of each scalar below U+0300, where it is one scalar (all but U+0130, İ).
    private static let simpleLowercase: [UInt32] = (0..<0x300).map { value in
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return UInt32(value) }
        let lowered = scalar.properties.lowercaseMapping.unicodeScalars
        return lowered.count == 1 ? lowered.first!.value : UInt32(value)
    }
}
