import Foundation

/// One snapshot file: compares a text with it and writes it, as a record mode says.
package struct SnapshotFile: Sendable {
    /// What an assertion found; anything but ``matched`` fails the test.
    package enum Outcome: Equatable, Sendable {
        /// The file holds the text.
        case matched
        /// The file did not exist and was written.
        case recordedMissing
        /// The file did not match; the diff from the file to the text, and whether it was rewritten.
        case mismatched(diff: String, rewritten: Bool)
        /// The file matched and was written anyway (record mode `all`).
        case rerecorded
        /// The file does not exist, and the record mode forbids writing it.
        case missing
        /// The file could not be read or written.
        case unusable(reason: String)
    }

    /// Where the file is.
    package let path: String

    package init(path: String) {
        self.path = path
    }

    /// The file at `path`; a relative path is taken from the folder of the test file at
    /// `testFilePath`.
    package init(path: String, testFilePath: String) {
        self.path = Self.resolve(path, testFilePath: testFilePath)
    }

    /// The file `<directory>/<name>.txt`, where `directory` defaults to
    /// `__Snapshots__/<TestFileName>` beside the test file at `testFilePath`; a relative
    /// `directory` is taken from the test file's folder.
    package init(named name: String, directory: String?, testFilePath: String) {
        let testFile = URL(fileURLWithPath: testFilePath)
        let folder =
            directory.map { Self.resolve($0, testFilePath: testFilePath) }
            ?? testFile.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__", isDirectory: true)
            .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent, isDirectory: true).path
        self.path =
            URL(fileURLWithPath: folder, isDirectory: true)
            .appendingPathComponent(Self.fileName(for: name) + ".txt").path
    }

    private static func resolve(_ path: String, testFilePath: String) -> String {
        let base = URL(fileURLWithPath: testFilePath).deletingLastPathComponent()
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        return url.standardizedFileURL.path
    }

    /// `name` with every character that is unsafe in a file name replaced by `-`.
    package static func fileName(for name: String) -> String {
        let safe = String(
            name.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "-", "_", ".", " ": Character(scalar)
                case _ where scalar.properties.isAlphabetic || scalar.properties.numericType != nil:
                    Character(scalar)
                default: "-"
                }
            }
        )
        let trimmed = safe.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        return trimmed.isEmpty ? "snapshot" : trimmed
    }

    /// Compares `text` with the file, writing it when `mode` says to.
    package func verify(_ text: String, mode: SnapshotRecordMode) -> Outcome {
        let stored: String
        if FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path) else {
                return .unusable(reason: "cannot read \(path)")
            }
            guard let decoded = String(data: data, encoding: .utf8) else {
                return .unusable(reason: "\(path) is not UTF-8 text")
            }
            stored = Self.normalized(decoded)
        } else {
            guard mode.writesMissing else { return .missing }
            return write(text) ?? .recordedMissing
        }
        let current = Self.normalized(text)
        // Bytes, not `==`: two spellings of "é" are equal strings but different files.
        if stored.utf8.elementsEqual(current.utf8) {
            guard mode.writesMatch else { return .matched }
            return write(text) ?? .rerecorded
        }
        let lineDiff = LineDiff(from: stored, to: current)
        let diff =
            lineDiff.isEmpty
            ? "(the lines read the same; they differ in their final line break or in how a character is encoded)"
            : lineDiff.text
        guard mode.writesMismatch else { return .mismatched(diff: diff, rewritten: false) }
        return write(text) ?? .mismatched(diff: diff, rewritten: true)
    }

    /// `text` with Windows line breaks as `\n`, so that a checkout that converts them still matches.
    private static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// Writes `text`, creating the folders; an outcome only when that fails.
    private func write(_ text: String) -> Outcome? {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: url, options: .atomic)
            return nil
        } catch {
            return .unusable(reason: "cannot write \(path): \(error)")
        }
    }

    /// What a test failure says about `outcome`, or `nil` when it passed.
    package func failureMessage(for outcome: Outcome, mode: SnapshotRecordMode) -> String? {
        let variable = SnapshotRecordMode.environmentVariable
        switch outcome {
        case .matched:
            return nil
        case .recordedMissing:
            return "No snapshot at \(path): recorded it. Check that it is right, commit it, and run the test again."
        case .rerecorded:
            return """
                Record mode is \(mode): rewrote \(path), which already matched. \
                Turn record mode off (\(variable) or the record parameter) and run the test again.
                """
        case .missing:
            return """
                No snapshot at \(path), and record mode is \(mode). \
                Run the test with \(variable)=missing (or record: .missing) to record it, then commit it.
                """
        case .mismatched(let diff, rewritten: true):
            return """
                Snapshot did not match \(path): rewrote it (record mode \(mode)). \
                Review the change, commit it, and run the test again.
                --- \(path)
                +++ this run
                \(diff)
                """
        case .mismatched(let diff, rewritten: false):
            return """
                Snapshot does not match \(path) (- snapshot, + this run). \
                If the change is intended, run with \(variable)=failed (or record: .failed) to rewrite it.
                --- \(path)
                +++ this run
                \(diff)
                """
        case .unusable(let reason):
            return "Snapshot \(reason)."
        }
    }
}
