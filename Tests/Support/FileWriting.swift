import Foundation

/// Writes `bytes` to the file at `url`, made or emptied first, and returns once the system has
/// them, without waiting for the disk.
///
/// `Data.write(to:)` also flushes the file to the disk (`fsync`), which takes milliseconds on a
/// busy machine: a test that writes a file for each prefix of another waited a second for the disk
/// alone. What a test writes is read back by the same machine, never after a crash.
public func writeWithoutWaitingForTheDisk(_ bytes: some Sequence<UInt8>, to url: URL) throws {
    let bytes = Array(bytes)
    guard let file = fopen(url.path, "wb") else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    guard fclose(file) == 0, written == bytes.count else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
}
