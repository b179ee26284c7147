internal import CPushJSONKernels

/// The kernel that does the fast scanner's stage one (the bitmap of quotes, backslashes and control bytes, and the
/// UTF-8 check) for a whole payload per call, chosen once for the processor. Every kernel gives exactly the same
/// answer, which the tests and the fuzzers check by forcing each one. The cases run from narrowest to widest.
@_spi(Kernels)
public enum JSONStageOneKernel: String, CaseIterable, Sendable {
    /// The portable kernel, in Swift: 16-byte vectors (SSE2 on x86-64, NEON on arm64).
    case portable
    /// The AVX2 kernel, in C: 32-byte vectors; x86-64 processors with AVX2 only.
    case avx2
    /// The AVX-512 kernel, in C: one 64-byte vector per block, comparisons into mask registers; x86-64
    /// processors with AVX-512F and AVX-512BW only.
    case avx512

    /// The kernels this processor can run.
    public static let available: [JSONStageOneKernel] = allCases.filter(\.isSupported)

    /// The kernel a parser uses unless told otherwise: the widest this processor runs.
    public static let best: JSONStageOneKernel = available.last ?? .portable

    /// Whether this processor can run the kernel.
    public var isSupported: Bool {
        switch self {
        case .portable: return true
        case .avx2: return push_json_cpu_has_avx2()
        case .avx512: return push_json_cpu_has_avx512()
        }
    }

    /// Stage one, as ``JSONFastScanner/markSpecialBytes(_:count:into:)`` (the portable kernel) does it.
    @inline(__always)
    func markSpecialBytes(_ p: UnsafePointer<UInt8>, count n: Int, into bitmap: UnsafeMutablePointer<UInt64>) -> Bool {
        switch self {
        case .portable: return JSONFastScanner.markSpecialBytes(p, count: n, into: bitmap)
        case .avx2: return push_json_mark_special_avx2(p, n, bitmap)
        case .avx512: return push_json_mark_special_avx512(p, n, bitmap)
        }
    }
}
