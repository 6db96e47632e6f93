// Checked against apple-oss-distributions/xnu xnu-11417.101.15 (e3723e1f): mode_t, uid_t and the two fields of struct stat.
//
// Part of the stub of Darwin (Darwin.swift, which re-exports this module): `struct stat`, whose
// name C shares with the function `stat`, and the types it uses, as Swift imports them from
// sys/stat.h and sys/_types. Only the fields Platform.swift reads.

public typealias mode_t = UInt16  // __darwin_mode_t, __uint16_t (bsd/sys/_types.h:93)
public typealias uid_t = UInt32  // __darwin_uid_t, __uint32_t (:98)

/// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/stat.2.html
public struct stat {
    public var st_mode: mode_t = 0
    public var st_uid: uid_t = 0
    public init() {}
}
