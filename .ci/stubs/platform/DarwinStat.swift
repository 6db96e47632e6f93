// Part of the stub of Darwin (Darwin.swift, which re-exports this module): `struct stat`, whose
// name C shares with the function `stat`, and the types it uses, as Swift imports them from
// sys/stat.h and sys/_types. Only the fields Platform.swift reads.

public typealias mode_t = UInt16
public typealias uid_t = UInt32

/// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/stat.2.html
public struct stat {
    public var st_mode: mode_t = 0
    public var st_uid: uid_t = 0
    public init() {}
}
